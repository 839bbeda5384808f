import { useState, type FormEvent } from 'react';
import { COURSE_LIMITS } from '@common/rules';
import { sectionBody, type Section, type Unit } from '@common/schemas/courses';
import { RichText } from '../../math/RichText';
import { RichTextEditor } from '../../math/RichTextEditor';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useSaveSection } from './api';
import { ContentFormModal } from './ContentFormModal';
import { failureText } from './messages';
import styles from './courses.module.css';

/** The lesson editor's height: the main content, as tall as a question (staff.md section 9). */
const CONTENT_HEIGHT = 500;

/** Add or edit a section: title (required), section number (next free one when empty), grade, rich content with math. */
export function SectionFormModal({ unit, section, onClose, onSaved }: { unit: Unit; section: Section | null; onClose(): void; onSaved(created: boolean): void }) {
  const save = useSaveSection();
  const [title, setTitle] = useState(section?.title ?? '');
  const [sectionNumber, setSectionNumber] = useState(section ? String(section.sectionNumber) : '');
  const [grade, setGrade] = useState(section?.grade ?? unit.grade);
  const [content, setContent] = useState(section?.content ?? '');
  const [showPreview, setShowPreview] = useState(false);
  const [error, setError] = useState('');
  const formId = `section-form-${section?.id ?? 'new'}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { title, sectionNumber, grade, content, unitId: unit.id };
    const parsed = sectionBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError('');
    save.mutate({ id: section?.id, unitId: unit.id, body }, { onSuccess: () => onSaved(!section), onError: (err) => setError(failureText(err, 'save', 'section')) });
  };

  return (
    <ContentFormModal
      thing="Section"
      editing={!!section}
      formId={formId}
      saving={save.isPending}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
      extraActions={
        <Button variant="secondary" onClick={() => setShowPreview((v) => !v)} aria-pressed={showPreview}>
          {showPreview ? 'Hide Preview' : 'Preview'}
        </Button>
      }
    >
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={COURSE_LIMITS.title} required autoFocus />
      <div className={styles.row}>
        <TextField label="Section Number" type="number" min={1} step={1} inputMode="numeric" value={sectionNumber} onChange={(e) => setSectionNumber(e.target.value)} hint="Leave empty for the next number." />
        <TextField label="Grade" value={grade} onChange={(e) => setGrade(e.target.value)} maxLength={COURSE_LIMITS.grade} />
      </div>
      <RichTextEditor label="Content" value={content} onChange={setContent} height={CONTENT_HEIGHT} placeholder="Write the lesson. Type math between dollar signs." />
      {showPreview ? (
        <div className={styles.previewBox} aria-label="Preview">
          <RichText html={content} />
        </div>
      ) : null}
    </ContentFormModal>
  );
}
