import { useState, type FormEvent } from 'react';
import { COURSE_LIMITS } from '@common/rules';
import { courseBody, type Course } from '@common/schemas/courses';
import { TextField } from '../../ui/Field';
import { useSaveCourse } from './api';
import { ContentFormModal } from './ContentFormModal';
import { failureText } from './messages';
import styles from './courses.module.css';

/** Add or edit a course: title (required), code (generated from the title when left empty), description. */
export function CourseFormModal({ course, onClose, onSaved }: { course: Course | null; onClose(): void; onSaved(created: boolean): void }) {
  const save = useSaveCourse();
  const [title, setTitle] = useState(course?.title ?? '');
  const [code, setCode] = useState(course?.code ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [error, setError] = useState('');
  const formId = `course-form-${course?.id ?? 'new'}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = courseBody.safeParse({ title, code, description });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError('');
    save.mutate(
      { id: course?.id, body: { title, code: code.trim() || null, description } },
      { onSuccess: () => onSaved(!course), onError: (err) => setError(failureText(err, 'save', 'course')) },
    );
  };

  return (
    <ContentFormModal thing="Course" editing={!!course} formId={formId} saving={save.isPending} error={error} onSubmit={submit} onClose={onClose}>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={COURSE_LIMITS.title} required autoFocus />
      <TextField
        label="Code"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        maxLength={COURSE_LIMITS.code}
        hint={course ? 'Letters, numbers and dashes.' : 'Leave empty to make one from the title, such as SSAT-ELEM-PREP.'}
      />
      <div className={styles.textareaField}>
        <label htmlFor={`${formId}-description`}>Description</label>
        <textarea id={`${formId}-description`} rows={4} value={description} maxLength={COURSE_LIMITS.description} onChange={(e) => setDescription(e.target.value)} />
      </div>
    </ContentFormModal>
  );
}
