import { useState } from 'react';
import { EXAM_LIMITS, parseScaledTable, scaledTableText } from '@common/rules/exams';
import { scoreTableBody, type ExamProfile, type ScoreTable } from '@common/schemas/exams';
import { errorMessage } from '../../api/client';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useSchemaForm } from '../../ui/form';
import { TABLE_SAVE_FAILED, useDeleteTable, useSaveTable } from './api';
import { gradeText } from './format';

const GRADE_OPTIONS = Array.from({ length: 13 }, (_, grade) => ({ value: String(grade), label: gradeText(grade) }));

/**
 * The server's body, with the rows checked as the server parses them (the same messages, at the line that is wrong)
 * and no second table for a grade that has one: saving would replace it.
 */
const tableForm = (taken: ReadonlyArray<number | null>) =>
  scoreTableBody.superRefine((table, ctx) => {
    const parsed = parseScaledTable(table.rows);
    if ('error' in parsed) ctx.addIssue({ code: 'custom', path: ['rows'], message: parsed.error });
    if (taken.includes(table.grade ?? null))
      ctx.addIssue({
        code: 'custom',
        path: ['grade'],
        message: `There is already a table for ${gradeText(table.grade ?? null).toLowerCase()}: edit that one instead`,
      });
  });

/** Add a profile's raw-to-scaled table for a grade (or any grade), or change one. */
export function ScoreTableDialog({
  profile,
  table,
  onClose,
  onSaved,
}: {
  profile: ExamProfile;
  table: ScoreTable | null;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const save = useSaveTable();
  const remove = useDeleteTable();
  const [failure, setFailure] = useState('');
  const taken = profile.tables.filter((t) => t.id !== table?.id).map((t) => t.grade);
  const form = useSchemaForm(tableForm(taken), {
    defaultValues: {
      grade: table?.grade ?? null,
      source: table?.source ?? '',
      rows: table ? scaledTableText(table.rows) : '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.submitWith(
    async (body) => {
      setFailure('');
      const saved = await save.mutateAsync({ profileId: profile.id, body });
      // A table moved to another grade is saved under that grade; the old grade's table goes.
      if (table && table.grade !== (body.grade ?? null))
        await remove.mutateAsync({ profileId: profile.id, tableId: table.id });
      onSaved(saved.message);
    },
    (error) => setFailure(errorMessage(error, TABLE_SAVE_FAILED)),
  );

  return (
    <FormDialog
      title={table ? 'Edit score table' : 'Add score table'}
      submitLabel="Save table"
      busyLabel="Saving..."
      busy={save.isPending || remove.isPending}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>Profile: {profile.name}</p>
      <SelectField
        label="Grade"
        placeholder="Any grade"
        options={GRADE_OPTIONS}
        hint="The grade of the students it is for; Any grade serves every grade without a table of its own."
        error={errors.grade?.message}
        {...form.register('grade', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
      />
      <TextField
        label="Source"
        maxLength={EXAM_LIMITS.source}
        hint="Where the table comes from."
        error={errors.source?.message}
        {...form.register('source')}
      />
      <TextArea
        label="Rows"
        rows={10}
        code
        placeholder={'0, 440\n10, 500-520\n20, 560-580, 40'}
        hint='One row per line: "raw, scaled", "raw, low-high" or "raw, low-high, percentile". Lines starting with # are skipped.'
        error={errors.rows?.message}
        {...form.register('rows')}
      />
    </FormDialog>
  );
}
