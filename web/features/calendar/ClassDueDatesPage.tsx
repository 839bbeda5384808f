import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { DUE_DATE_MESSAGES as M } from '@common/rules';
import type { ClassDueDatesReply, ClassDueSection } from '@common/schemas/due-dates';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Button } from '../../ui/Button';
import { Dialog, DialogActions } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { SelectField, TextField } from '../../ui/Field';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Toast, useNotify } from '../../ui/Toast';
import { useClassDueDates, useSetDueDate } from './api';
import styles from './calendar.module.css';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as a `datetime-local` value in the browser's time zone, and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** The input's local date-time as an ISO instant, or the rule's message when it is empty or not a real date. */
function fromLocalInput(value: string): { iso: string } | { error: string } {
  if (!value.trim()) return { error: M.dueAtRequired };
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? { error: M.dueAtInvalid } : { iso: d.toISOString() };
}

/** A class's sections by course and unit, each with its due date for the class and its students' extensions. */
export default function ClassDueDatesPage() {
  const { classId = '' } = useParams();
  const due = useClassDueDates(classId);
  if (due.isPending) return <PageState kind="loading" title="Loading the due dates..." />;
  if (due.isError) return <PageState kind="error" title="Failed to load the due dates" text={due.error.message} />;
  const data = due.data;
  const courses = groupBy(data.sections, (s) => s.courseId);
  return (
    <PageFrame
      title={`Due dates: ${data.class.name}`}
      lead="Set when each section's exercises are due for the class. Work finished after it is late; not finished by then, missing. Extend it for one student when they need more time."
    >
      <Breadcrumb
        trail={[
          { label: 'Classes', to: paths.classes },
          { label: data.class.name, to: paths.classDetail.href(classId) },
          { label: 'Due dates' },
        ]}
      />
      {data.sections.length === 0 ? (
        <EmptyState title="No sections yet" text="Give the class a course: its sections appear here." />
      ) : (
        courses.map((sections) => (
          <PageCard
            key={sections[0].courseId}
            aria-labelledby={`course-${sections[0].courseId}`}
            className={styles.course}
          >
            <h2 id={`course-${sections[0].courseId}`} className={styles.courseTitle}>
              {sections[0].courseTitle}
            </h2>
            {groupBy(sections, (s) => s.unitId).map((unit) => (
              <div key={unit[0].unitId} className={styles.course}>
                <h3 className={styles.unitTitle}>
                  Unit {unit[0].unitNumber}: {unit[0].unitTitle}
                </h3>
                <ul className={styles.sections}>
                  {unit.map((section) => (
                    <SectionDue key={section.sectionId} classId={classId} section={section} students={data.students} />
                  ))}
                </ul>
              </div>
            ))}
          </PageCard>
        ))
      )}
    </PageFrame>
  );
}

function groupBy<T>(list: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of list) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

function SectionDue({
  classId,
  section,
  students,
}: {
  classId: string;
  section: ClassDueSection;
  students: ClassDueDatesReply['students'];
}) {
  const setDue = useSetDueDate(classId);
  const notify = useNotify();
  const [value, setValue] = useState(toLocalInput(section.dueAt));
  const [error, setError] = useState<string>();
  const [extending, setExtending] = useState(false);
  const name = `${section.unitNumber}.${section.sectionNumber} ${section.title}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fromLocalInput(value);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    setDue.mutate(
      { sectionId: section.sectionId, dueAt: parsed.iso },
      {
        onSuccess: () => notify.success(`Due date saved for ${name}.`),
        onError: (e) => setError(errorMessage(e, 'Failed to save the due date')),
      },
    );
  };
  const clear = () =>
    setDue.mutate(
      { sectionId: section.sectionId, dueAt: null },
      {
        onSuccess: () => {
          setValue('');
          notify.success(`Due date cleared for ${name}.`);
        },
        onError: (e) => notify.error(errorMessage(e, 'Failed to clear the due date')),
      },
    );
  const studentName = (id: string) => students.find((s) => s.id === id)?.name ?? 'A former student';

  return (
    <li className={styles.section}>
      <div className={styles.sectionHead}>
        <h4 className={styles.sectionTitle}>Section {name}</h4>
        {section.dueAt ? <Badge tone="info">Due {when(section.dueAt)}</Badge> : <Badge tone="muted">No due date</Badge>}
      </div>
      <form className={styles.row} onSubmit={save} noValidate>
        <TextField
          label={`Due date for Section ${name}`}
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
        <Button type="submit" size="sm" aria-disabled={setDue.isPending || undefined}>
          Save
        </Button>
        {section.dueAt ? (
          <Button variant="secondary" size="sm" onClick={clear}>
            Clear
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setExtending(true)}
          aria-disabled={students.length === 0 || undefined}
          title={students.length === 0 ? 'The class has no students yet' : undefined}
        >
          Extend for a student
        </Button>
      </form>
      {section.extensions.length ? (
        <ul className={styles.extensions} aria-label={`Extensions for Section ${name}`}>
          {section.extensions.map((x) => (
            <li key={x.studentId} className={styles.extension}>
              <Badge tone="special">Extended</Badge> {studentName(x.studentId)}: {when(x.dueAt)}
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  setDue.mutate(
                    { sectionId: section.sectionId, studentId: x.studentId, dueAt: null },
                    {
                      onSuccess: () => notify.success(`Extension removed for ${studentName(x.studentId)}.`),
                      onError: (e) => notify.error(errorMessage(e, 'Failed to remove the extension')),
                    },
                  )
                }
              >
                Remove extension<span className="visually-hidden"> for {studentName(x.studentId)}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Toast notice={notify.notice} />
      {extending && students.length ? (
        <ExtendDialog
          classId={classId}
          section={section}
          name={name}
          students={students}
          onClose={() => setExtending(false)}
          onDone={(text) => {
            setExtending(false);
            notify.success(text);
          }}
        />
      ) : null}
    </li>
  );
}

function ExtendDialog({
  classId,
  section,
  name,
  students,
  onClose,
  onDone,
}: {
  classId: string;
  section: ClassDueSection;
  name: string;
  students: ClassDueDatesReply['students'];
  onClose(): void;
  onDone(text: string): void;
}) {
  const formId = useId();
  const setDue = useSetDueDate(classId);
  const [studentId, setStudentId] = useState(students[0].id);
  const [value, setValue] = useState(toLocalInput(section.dueAt));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fromLocalInput(value);
    if ('error' in parsed) return setError(parsed.error);
    setDue.mutate(
      { sectionId: section.sectionId, studentId, dueAt: parsed.iso },
      {
        onSuccess: () =>
          onDone(`Section ${name} extended for ${students.find((s) => s.id === studentId)?.name ?? 'the student'}.`),
        onError: (e) => setError(errorMessage(e, 'Failed to save the extension')),
      },
    );
  };
  return (
    <Dialog
      open
      title={`Extend Section ${name}`}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button type="submit" form={formId} aria-disabled={setDue.isPending || undefined}>
            Save extension
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.stack}>
        <SelectField
          label="Student"
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
          options={students.map((s) => ({ value: s.id, label: `${s.name} (${s.email})` }))}
        />
        <TextField
          label="Their due date"
          type="datetime-local"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          hint="Their own date replaces the class's for this section."
        />
      </form>
    </Dialog>
  );
}
