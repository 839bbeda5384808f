import { useState, type FormEvent } from 'react';
import { COURSE_LIMITS } from '@common/rules';
import { unitBody, type Unit } from '@common/schemas/courses';
import { TextField } from '../../ui/Field';
import { useSaveUnit } from './api';
import { ContentFormModal } from './ContentFormModal';
import { failureText } from './messages';
import { TagInput } from './TagInput';
import styles from './courses.module.css';

/** Add or edit a unit: title (required), unit number (next free one when empty), grade, category tags. */
export function UnitFormModal({ courseId, unit, onClose, onSaved }: { courseId: string; unit: Unit | null; onClose(): void; onSaved(created: boolean): void }) {
  const save = useSaveUnit();
  const [title, setTitle] = useState(unit?.title ?? '');
  const [unitNumber, setUnitNumber] = useState(unit ? String(unit.unitNumber) : '');
  const [grade, setGrade] = useState(unit?.grade ?? '');
  const [categories, setCategories] = useState<string[]>(unit?.categories ?? []);
  const [error, setError] = useState('');
  const formId = `unit-form-${unit?.id ?? 'new'}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title, unitNumber, grade, categories, courseId };
    const parsed = unitBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError('');
    save.mutate({ id: unit?.id, courseId, body }, { onSuccess: () => onSaved(!unit), onError: (err) => setError(failureText(err, 'save', 'unit')) });
  };

  return (
    <ContentFormModal thing="Unit" editing={!!unit} formId={formId} saving={save.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={COURSE_LIMITS.title} required autoFocus />
      <div className={styles.row}>
        <TextField label="Unit Number" type="number" min={1} step={1} inputMode="numeric" value={unitNumber} onChange={(e) => setUnitNumber(e.target.value)} hint="Leave empty for the next number." />
        <TextField label="Grade" value={grade} onChange={(e) => setGrade(e.target.value)} maxLength={COURSE_LIMITS.grade} placeholder="e.g. 5" />
      </div>
      <TagInput value={categories} onChange={setCategories} />
    </ContentFormModal>
  );
}
