import { useState, type FormEvent } from 'react';
import { TEST_LIMITS, TEST_MESSAGES, TEST_TYPES, parseWholeNumber, plural, type TestType } from '@common/rules';
import type { TestDetail, TestInput } from '@common/schemas/tests';
import { errorMessage } from '../../api/client';
import { EXAM_PROFILES_FAILED, sectionsNeedText, useExamProfiles } from '../../api/exams';
import { SelectField, TextArea, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { marksOf, totalMarks, type BuilderEntry } from './builder';
import { useSaveTest } from './testsApi';

const TYPE_OPTIONS = TEST_TYPES.map((type) => ({ value: type, label: type === 'test' ? 'Test' : 'Assessment' }));
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

interface Props {
  entries: BuilderEntry[];
  /** The saved test being edited, or null for a new one. */
  editing: TestDetail | null;
  onSaved(message: string): void;
  onClose(): void;
}

/**
 * The Save Test modal: a title (Save is off while it is empty), the type (an assessment
 * gets its TEST- code from the server), description, instructions, its scoring (marks per question or an exam
 * profile), a time limit of at least 1 minute and total marks of at least 0, both whole numbers, else left empty.
 * A profile with sections times the test itself, so the time limit gives way to what its sections need.
 */
export function SaveTestDialog({ entries, editing, onSaved, onClose }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [type, setType] = useState<TestType>(editing?.type ?? 'test');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [instructions, setInstructions] = useState(editing?.instructions ?? '');
  const [timeLimit, setTimeLimit] = useState(text(editing?.timeLimit));
  const [marks, setMarks] = useState(text(editing?.totalMarks));
  const [examProfileId, setExamProfileId] = useState(editing?.examProfile?.id ?? '');
  const profiles = useExamProfiles();
  const profile = profiles.data?.find((p) => p.id === examProfileId) ?? null;
  const sectioned = !!profile && profile.sections.length > 0;
  const questionCount = entries.filter((e) => e.question).length;
  const scoringOptions = [
    { value: '', label: 'Marks per question' },
    ...(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    // The test's own profile stays listed while the profiles load (or if it is gone from the list).
    ...(editing?.examProfile && !profiles.data?.some((p) => p.id === editing.examProfile?.id)
      ? [{ value: editing.examProfile.id, label: editing.examProfile.name }]
      : []),
  ];
  const need = profile ? sectionsNeedText(profile) : null;
  const scoringHint = need
    ? `${need}. This test has ${plural(questionCount, 'question')}; its sections time it.`
    : profile
      ? "Scored by the profile's rule; the time limit below times it."
      : undefined;
  const [error, setError] = useState('');
  const save = useSaveTest();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setError('');
    const test: TestInput = {
      name: name.trim(),
      type,
      description,
      instructions,
      timeLimit: sectioned ? null : parseWholeNumber(timeLimit, 1, TEST_LIMITS.timeLimit),
      totalMarks: parseWholeNumber(marks, 0, TEST_LIMITS.totalMarks),
      examProfileId: examProfileId || null,
      testCode: editing?.testCode ?? '',
      questions: entries.flatMap((e, i) =>
        e.question ? [{ questionId: e.question.id, order: i + 1, marks: marksOf(e) }] : [],
      ),
    };
    try {
      await save.mutateAsync({ id: editing?.id ?? null, test });
      onSaved(TEST_MESSAGES.saved);
    } catch (failure) {
      setError(errorMessage(failure, TEST_MESSAGES.saveError));
    }
  };

  return (
    <FormDialog
      title="Save Test"
      submitLabel="Save"
      busyLabel="Saving..."
      busy={save.isPending}
      submitDisabled={!name.trim()}
      error={error}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <TextField
        label="Test Title"
        value={name}
        maxLength={TEST_LIMITS.title}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        required
      />
      <SelectField
        label="Type"
        options={TYPE_OPTIONS}
        value={type}
        onChange={(e) => setType(e.target.value as TestType)}
      />
      {type === 'assessment' ? (
        <p>
          {editing?.testCode
            ? `Test code: ${editing.testCode}`
            : 'An assessment gets a test code (TEST- and 6 characters) when it is saved.'}
        </p>
      ) : null}
      <TextArea
        label="Description"
        value={description}
        maxLength={TEST_LIMITS.description}
        rows={2}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TextArea
        label="Instructions"
        value={instructions}
        maxLength={TEST_LIMITS.instructions}
        rows={3}
        onChange={(e) => setInstructions(e.target.value)}
      />
      <SelectField
        label="Scoring"
        options={scoringOptions}
        value={examProfileId}
        onChange={(e) => setExamProfileId(e.target.value)}
        hint={scoringHint}
        error={profiles.isError ? errorMessage(profiles.error, EXAM_PROFILES_FAILED) : undefined}
      />
      {sectioned ? null : (
        <TextField
          label="Time Limit (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={timeLimit}
          onChange={(e) => setTimeLimit(e.target.value)}
          hint="Optional; a whole number of at least 1."
        />
      )}
      <TextField
        label="Total Marks"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={marks}
        onChange={(e) => setMarks(e.target.value)}
        hint={`Optional; a whole number of at least 0. The questions' marks add up to ${totalMarks(entries)}.`}
      />
    </FormDialog>
  );
}
