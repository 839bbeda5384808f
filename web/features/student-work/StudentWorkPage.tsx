import { useParams, useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { CheckCircle2, Lightbulb, BookOpenCheck, Shuffle, XCircle } from 'lucide-react';
import { describeAnswer } from '@common/question-types';
import { plural, STUDENT_WORK_MESSAGES as M } from '@common/rules';
import type { StudentWork, WorkExercise, WorkSection, WorkSitting } from '@common/schemas/student-work';
import { ApiError, errorMessage } from '../../api/client';
import { RichText } from '../../math/RichText';
import { ShownAnswer } from '../../math/ShownAnswer';
import { paths } from '../../paths';
import { questionHtml } from '../../question-types/blanks';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SkillList } from '../../ui/SkillList';
import { Table } from '../../ui/Table';
import { MathText } from '../../math/MathText';
import { Toast, useNotify } from '../../ui/Toast';
import { AccommodationsCard } from './AccommodationsCard';
import { useNewVariant, useStudentWork } from './api';
import { NotesPanel } from './NotesPanel';
import styles from './StudentWork.module.css';

export const dated = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One student's work for their teacher, at `/students/:studentId/work`: the notes left for them, their
 * accommodations for timed tests, their weak areas, their skill levels, their test sittings (each linked to its
 * review), then a page of their open sections, each a collapsible group of its exercises with every attempt in order
 * (the answer as math, right or wrong, when) and the help they opened.
 * The server decides whose work a teacher may read (403 for another teacher's student, 404 for no student).
 */
export default function StudentWorkPage() {
  const { studentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const work = useStudentWork(studentId, page);

  if (work.isPending)
    return (
      <PageFrame title="Student work">
        <PageState kind="loading" title="Loading the student's work..." />
      </PageFrame>
    );
  if (work.isError) {
    const status = work.error instanceof ApiError ? work.error.status : 0;
    return (
      <PageFrame title="Student work">
        {status === 404 || status === 403 ? (
          <PageState kind={status === 403 ? 'denied' : 'empty'} title={errorMessage(work.error, M.loadFailed)} />
        ) : (
          <PageState
            kind="error"
            title={M.loadFailed}
            text={errorMessage(work.error, 'Please try again.')}
            action={<Button onClick={() => void work.refetch()}>Try Again</Button>}
          />
        )}
      </PageFrame>
    );
  }
  const data = work.data;
  return (
    <PageFrame
      eyebrow="Student work"
      title={data.student.name}
      lead="Every exercise they tried, with each attempt in order, the help they opened, their tests and where they struggle."
    >
      <div className={styles.layout}>
        <NotesPanel studentId={studentId} name={data.student.name} notes={data.notes} />
        <AccommodationsCard studentId={studentId} />
        <WeakAreas weakAreas={data.weakAreas} />
        <PageCard aria-labelledby="skills-title">
          <h2 id="skills-title">Skills</h2>
          <SkillList studentId={studentId} reader="staff" labelledBy="skills-title" />
        </PageCard>
        <Sittings sittings={data.sittings} />
        <section aria-labelledby="sections-title" className={styles.sections}>
          <h2 id="sections-title">Sections</h2>
          {data.sectionPage.total === 0 ? (
            <EmptyState title="No sections open yet" text="Once a course is assigned, its sections show here." />
          ) : (
            <>
              {data.sections.map((section) => (
                <SectionGroup key={section.sectionId} section={section} studentId={studentId} />
              ))}
              <Pagination
                page={data.sectionPage.page}
                pageSize={data.sectionPage.pageSize}
                total={data.sectionPage.total}
                noun="sections"
                onPage={(next) => setParams({ page: String(next) })}
              />
            </>
          )}
        </section>
      </div>
    </PageFrame>
  );
}

function WeakAreas({ weakAreas }: { weakAreas: StudentWork['weakAreas'] }) {
  const lists = [
    { title: 'Focus areas', items: weakAreas.focus },
    { title: 'Categories', items: weakAreas.categories },
  ];
  const none = lists.every((l) => l.items.length === 0);
  return (
    <PageCard aria-labelledby="weak-title">
      <h2 id="weak-title">Weak areas</h2>
      {none ? (
        <p className={styles.muted}>
          Nothing stands out yet: weak areas show once the student has answered tagged questions, in exercises or tests.
        </p>
      ) : (
        <div className={styles.weakLists}>
          {lists.map((list) =>
            list.items.length === 0 ? null : (
              <div key={list.title}>
                <h3>{list.title}</h3>
                <ul className={styles.weakList} aria-label={`Weakest ${list.title.toLowerCase()}`}>
                  {list.items.map((a) => (
                    <li key={a.name}>
                      <span>{a.name}</span>
                      <span className={styles.muted}>
                        {a.percent}% ({a.got} of {plural(a.of, 'mark')})
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ),
          )}
        </div>
      )}
    </PageCard>
  );
}

const STATUS_LABELS: Record<WorkSitting['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  submitted: 'Submitted',
};

function Sittings({ sittings }: { sittings: WorkSitting[] }) {
  return (
    <PageCard aria-labelledby="sittings-title">
      <h2 id="sittings-title">Tests</h2>
      {sittings.length === 0 ? (
        <p className={styles.muted}>No tests sat yet.</p>
      ) : (
        <Table
          label="Test sittings"
          rows={sittings}
          rowKey={(s) => s.attemptId}
          columns={[
            {
              header: 'Test',
              interactive: true,
              cell: (s) => <Link to={paths.sittingReview.href(s.testId, s.attemptId)}>{s.name}</Link>,
            },
            {
              header: 'Status',
              cell: (s) => (
                <Badge tone={s.status === 'submitted' ? 'success' : 'warning'}>{STATUS_LABELS[s.status]}</Badge>
              ),
            },
            {
              header: 'Score',
              cell: (s) =>
                s.score
                  ? `${s.score.marks} / ${s.score.maxMarks} (${s.score.percentage}%)${s.released ? '' : ', not released'}`
                  : '—',
            },
            { header: 'Submitted', hideWhenNarrow: true, cell: (s) => (s.submittedAt ? dated(s.submittedAt) : '—') },
          ]}
        />
      )}
    </PageCard>
  );
}

function SectionGroup({ section, studentId }: { section: WorkSection; studentId: string }) {
  const tried = section.exercises.filter((e) => e.attemptCount > 0).length;
  const title = `${section.unitNumber}.${section.sectionNumber} ${section.title}`;
  return (
    <details className={styles.group} open={tried > 0}>
      <summary className={styles.summary}>
        <span className={styles.summaryTitle}>
          <strong>{title}</strong>
          <span className={styles.muted}>
            {section.courseName} · Unit {section.unitNumber}: {section.unitTitle}
          </span>
        </span>
        <span className={styles.muted}>
          {section.exercises.length === 0
            ? 'Lesson only'
            : `${tried} of ${plural(section.exercises.length, 'exercise')} tried`}
        </span>
      </summary>
      {section.exercises.length === 0 ? (
        <p className={styles.muted}>This section has no exercises.</p>
      ) : (
        <ol className={styles.exercises} aria-label={`Exercises of ${title}`}>
          {section.exercises.map((exercise) => (
            <li key={exercise.questionId}>
              <Exercise exercise={exercise} studentId={studentId} />
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

function Exercise({ exercise, studentId }: { exercise: WorkExercise; studentId: string }) {
  const label = `Exercise ${exercise.number}`;
  const firstShown = exercise.attemptCount - exercise.attempts.length;
  return (
    <article className={styles.exercise} aria-label={label}>
      <header className={styles.exerciseHeader}>
        <h3>{label}</h3>
        <span className={styles.markers}>
          {exercise.hintOpenedAt ? (
            <Badge tone="info">
              <Lightbulb size={14} aria-hidden="true" /> Hint opened {dated(exercise.hintOpenedAt)}
            </Badge>
          ) : null}
          {exercise.solutionOpenedAt ? (
            <Badge tone="special">
              <BookOpenCheck size={14} aria-hidden="true" /> Solution opened {dated(exercise.solutionOpenedAt)}
            </Badge>
          ) : null}
        </span>
      </header>
      {exercise.varies ? <VariantLine exercise={exercise} studentId={studentId} /> : null}
      <RichText html={questionHtml(exercise)} className={styles.question} />
      {exercise.attemptCount === 0 ? (
        <p className={styles.muted}>Not tried yet.</p>
      ) : (
        <>
          {firstShown > 0 ? (
            <p className={styles.muted}>
              The latest {exercise.attempts.length} of {exercise.attemptCount} attempts.
            </p>
          ) : null}
          <ol className={styles.attempts} aria-label={`Attempts at ${label.toLowerCase()}`}>
            {exercise.attempts.map((attempt, i) => (
              <li key={`${attempt.at}-${i}`} className={styles.attempt}>
                <span className={styles.attemptNumber}>Attempt {firstShown + i + 1}</span>
                <ShownAnswer
                  shown={describeAnswer(exercise as Parameters<typeof describeAnswer>[0], attempt.answer)}
                  className={styles.answer}
                />
                {attempt.isCorrect ? (
                  <Badge tone="success">
                    <CheckCircle2 size={14} aria-hidden="true" /> Right
                  </Badge>
                ) : (
                  <Badge tone="danger">
                    <XCircle size={14} aria-hidden="true" /> Wrong
                  </Badge>
                )}
                {attempt.variant ? <span className={styles.muted}>Variant {attempt.variant}</span> : null}
                <time className={styles.muted} dateTime={attempt.at}>
                  {dated(attempt.at)}
                </time>
              </li>
            ))}
          </ol>
        </>
      )}
    </article>
  );
}

/**
 * Which variant of a question with random numbers the student has (its values, which the text shows), and a way to
 * give them new numbers.
 */
function VariantLine({ exercise, studentId }: { exercise: WorkExercise; studentId: string }) {
  const give = useNewVariant(studentId);
  const { notice, notify } = useNotify();
  return (
    <>
      <div className={styles.variantLine}>
        <Shuffle size={16} aria-hidden="true" />
        {exercise.variant ? (
          <span>
            Variant {exercise.variant.seed}: <MathText text={`$${exercise.variant.values}$`} />
          </span>
        ) : (
          <span className={styles.muted}>Random numbers: the student gets their own when they open it.</span>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={give.isPending || undefined}
          onClick={() => {
            if (give.isPending) return;
            give.mutate(exercise.questionId, {
              onSuccess: (reply) => notify('success', reply.message),
              onError: (error) => notify('error', errorMessage(error, 'Could not give new numbers. Please try again.')),
            });
          }}
        >
          {give.isPending ? 'Giving new numbers...' : 'Give new numbers'}
        </Button>
      </div>
      <Toast notice={notice} />
    </>
  );
}
