import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  assignmentError,
  sectionLabel,
  unitLabel,
  type AssignmentAction,
  type AssignmentKind,
  plural,
} from '@common/rules';
import type { BatchAssignmentBody, BatchAssignmentReply, StudentFilter } from '@common/schemas/studentAssignments';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { keys, runBatch, useCourseList, useCourseSections, useCourseUnits, type Role } from './api';
import styles from './assignments.module.css';

/** Who the change is for: students chosen one by one, or every student of the list's filter. */
export type BatchTarget = { studentIds: string[] } | { filter: StudentFilter; count: number };

const KINDS: ReadonlyArray<{ value: AssignmentKind; label: string }> = [
  { value: 'course', label: 'Course' },
  { value: 'unit', label: 'Unit' },
  { value: 'section', label: 'Section' },
];

/**
 * The batch change: one course, unit or section assigned to or removed from many students in one call. The server
 * applies it to each student wholly or not at all and answers a summary, shown here with the refused students.
 */
export function BatchDialog({
  role,
  target,
  onClose,
  onDone,
}: {
  role: Role;
  target: BatchTarget;
  onClose(): void;
  onDone(reply: BatchAssignmentReply): void;
}) {
  const client = useQueryClient();
  const [action, setAction] = useState<AssignmentAction>('assign');
  const [kind, setKind] = useState<AssignmentKind>('course');
  const [courseId, setCourseId] = useState('');
  const [unitId, setUnitId] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [withSections, setWithSections] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<BatchAssignmentReply | null>(null);
  const courses = useCourseList(role);
  const units = useCourseUnits(role, kind === 'course' ? null : courseId || null);
  const sections = useCourseSections(role, kind === 'section' ? courseId || null : null);
  const unitSections = (sections.data ?? []).filter((s) => s.unitId === unitId);

  const who =
    'studentIds' in target
      ? plural(target.studentIds.length, 'selected student')
      : `all ${plural(target.count, 'student')} in this filter`;
  const itemId = kind === 'course' ? courseId : kind === 'unit' ? unitId : sectionId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!itemId) return;
    setBusy(true);
    setError(undefined);
    const body: BatchAssignmentBody = {
      action,
      kind,
      itemId,
      ...(kind === 'unit' && action === 'assign' && withSections ? { withSections: true } : {}),
      ...('studentIds' in target ? { studentIds: target.studentIds } : { filter: target.filter }),
    };
    try {
      const reply = await runBatch(role, body, assignmentError(action, kind));
      setResult(reply);
      onDone(reply);
    } catch (e) {
      setError(errorMessage(e, assignmentError(action, kind)));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: keys.students });
    }
  };

  if (result) {
    return (
      <Dialog open title="Batch change done" onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
        <div className={styles.batchResult} role="status">
          <p>{result.message}</p>
          {result.refusedStudents.length ? (
            <>
              <p className={styles.entryDetail}>Refused:</p>
              <ul className={styles.refused}>
                {result.refusedStudents.map((s) => (
                  <li key={s.id}>{s.fullName}</li>
                ))}
                {result.refused > result.refusedStudents.length ? (
                  <li>and {result.refused - result.refusedStudents.length} more</li>
                ) : null}
              </ul>
            </>
          ) : null}
        </div>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title={`Change assignments of ${who}`}
      submitLabel={action === 'assign' ? 'Assign' : 'Remove'}
      busyLabel="Saving..."
      busy={busy}
      submitDisabled={!itemId}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className={styles.choice}>
        <legend>Action</legend>
        {(['assign', 'remove'] as const).map((a) => (
          <label key={a} className={styles.check}>
            <input type="radio" name="batch-action" value={a} checked={action === a} onChange={() => setAction(a)} />
            {a === 'assign' ? 'Assign' : 'Remove'}
          </label>
        ))}
      </fieldset>
      <SelectField
        label="What"
        value={kind}
        options={KINDS}
        onChange={(e) => setKind(e.target.value as AssignmentKind)}
      />
      <SelectField
        label="Course"
        value={courseId}
        placeholder={courses.isPending ? 'Loading courses...' : 'Choose a course'}
        options={(courses.data ?? []).map((c) => ({ value: c.id, label: `${c.title} (${c.code})` }))}
        onChange={(e) => {
          setCourseId(e.target.value);
          setUnitId('');
          setSectionId('');
        }}
      />
      {kind !== 'course' ? (
        <SelectField
          label="Unit"
          value={unitId}
          disabled={!courseId}
          placeholder={units.isFetching ? 'Loading units...' : 'Choose a unit'}
          options={(units.data ?? []).map((u) => ({ value: u.id, label: unitLabel(u) }))}
          onChange={(e) => {
            setUnitId(e.target.value);
            setSectionId('');
          }}
        />
      ) : null}
      {kind === 'section' ? (
        <SelectField
          label="Section"
          value={sectionId}
          disabled={!unitId}
          placeholder={sections.isFetching ? 'Loading sections...' : 'Choose a section'}
          options={unitSections.map((s) => ({ value: s.id, label: sectionLabel(s) }))}
          onChange={(e) => setSectionId(e.target.value)}
        />
      ) : null}
      {kind === 'unit' && action === 'assign' ? (
        <label className={styles.check}>
          <input type="checkbox" checked={withSections} onChange={(e) => setWithSections(e.target.checked)} />
          Assign unit with all sections
        </label>
      ) : null}
      <p className={styles.entryDetail}>
        Each student gets the whole change or none of it: a unit needs its course assigned, a section its unit. Removing
        a course or unit also removes its units and sections.
      </p>
    </FormDialog>
  );
}
