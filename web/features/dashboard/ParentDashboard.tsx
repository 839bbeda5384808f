import { StudentProgressPanel } from './progress/StudentProgressPanel';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Activity, ChartColumn, CheckCircle2, Clock, Target, UserPlus } from 'lucide-react';
import { FAMILY_MESSAGES, courseProgressText, plural } from '@common/rules';
import { scoreText } from '@common/rules/test-taking';
import type { ChildTestResult } from '@common/schemas/test-taking';
import { ACTIVITY_WINDOW_DAYS, DASHBOARD_MESSAGES, type ChildProgress } from '@common/schemas/dashboards';
import { ApiError, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ExamReport } from '../../ui/ExamReport';
import { PageState } from '../../ui/PageState';
import { QueryStates } from '../../ui/QueryStates';
import { SentInvitations } from '../../ui/PendingInvitations';
import { NoteList } from '../../ui/NoteList';
import { ProgressBar } from '../../ui/ProgressBar';
import { StatCards } from '../../ui/StatCard';
import { Table } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { Toast, useNotify } from '../../ui/Toast';
import { useRefreshInvitations } from '../../api/invitations';
import { AddChildDialog } from './AddChildDialog';
import { EditChildDialog } from './EditChildDialog';
import { FamilyEnrollmentsPanel } from './FamilyEnrollmentsPanel';
import {
  CHILD_REPORT_FAILED,
  useChild,
  useChildExamReport,
  useChildNotes,
  useChildTests,
  useChildren,
  useRemoveChild,
} from './api';
import { when } from './format';
import { Welcome, firstNameOf } from './Welcome';
import { WeeklyLetterCard } from './WeeklyLetterCard';
import styles from './dashboard.module.css';

/**
 * The parent's dashboard and its sidebar sections (`?section=children`, `?section=progress&child=...`): each of the
 * parent's children with their courses, units and sections, this week's checks, first-try accuracy and last activity.
 * The server sends only the parent's own children.
 */
export function ParentDashboard() {
  const [params] = useSearchParams();
  const section = params.get('section');
  if (section === 'children') return <MyChildren />;
  if (section === 'progress') return <ProgressReports childId={params.get('child')} />;
  return <ParentHome />;
}

const fullName = (child: ChildProgress) => `${child.firstName} ${child.lastName}`.trim() || 'Your child';
const accuracy = (child: ChildProgress) => (child.firstTryAccuracy === null ? '—' : `${child.firstTryAccuracy}%`);
const lastActive = (child: ChildProgress) => (child.lastActivityAt ? when(child.lastActivityAt) : 'Not yet');

function ParentHome() {
  const { user } = useAuth();
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome, ${firstNameOf(user)}!`}>Follow your child&apos;s learning with the academy.</Welcome>
      <section className={`${styles.panel} ${styles.actionCard}`} aria-labelledby="progress-card">
        <span className={styles.statIcon}>
          <ChartColumn size={24} aria-hidden="true" />
        </span>
        <div>
          <h2 id="progress-card">View Student Progress</h2>
          <p>
            How each of your children is doing: their courses, the questions they checked this week and how often they
            were right.
          </p>
          <ButtonLink to={paths.dashboardSection('progress')}>View Student Progress</ButtonLink>
        </div>
      </section>
      <FamilyEnrollmentsPanel />
      <ChildrenList />
    </div>
  );
}

function MyChildren() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>My Children</h1>
      <p className={styles.muted}>Each child linked to your account, with where they are in their courses.</p>
      <ChildrenList />
      <SentInvitations
        side="parent"
        card
        title="Invitations waiting"
        text="Sent to your children's student accounts. Once your child accepts, they show above."
      />
    </div>
  );
}

/** The parent's children, with the ways to add one, to edit one's details and to remove one from the family. */
function Family({ children: list }: { children: ChildProgress[] }) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ChildProgress | null>(null);
  const [editing, setEditing] = useState<ChildProgress | null>(null);
  const remove = useRemoveChild();
  const refreshInvitations = useRefreshInvitations('parent');
  const { notice, notify } = useNotify();
  const add = (
    <Button onClick={() => setAdding(true)}>
      <UserPlus size={18} aria-hidden="true" /> Add a child
    </Button>
  );
  return (
    <>
      <Toast notice={notice} />
      {list.length === 0 ? (
        <EmptyState
          title="No children linked yet"
          text="Add your child: create their student account, or link the account they already have. Their progress will show here."
          action={add}
        />
      ) : (
        <>
          <div className={styles.toolbar}>{add}</div>
          <ul className={styles.childList} aria-label="Your children">
            {list.map((child) => (
              <li key={child.id} className={styles.panel}>
                <ChildCard child={child} onEdit={() => setEditing(child)} onRemove={() => setRemoving(child)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {adding ? (
        <AddChildDialog
          onClose={() => setAdding(false)}
          onDone={(message) => {
            setAdding(false);
            notify('success', message);
            void refreshInvitations();
          }}
        />
      ) : null}
      {editing ? (
        <EditChildDialog
          childId={editing.id}
          name={fullName(editing)}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            notify('success', message);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from your family?"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: (reply) => notify('success', reply.message),
            onError: (error) => notify('error', errorMessage(error, FAMILY_MESSAGES.removeFailed)),
            onSettled: () => setRemoving(null),
          })
        }
      >
        {removing ? fullName(removing) : ''} will no longer show on your dashboard. Their account, courses and work stay
        as they are.
      </ConfirmDialog>
    </>
  );
}

/** A card per child; loading, error and empty states of the parent's one call. */
function ChildrenList() {
  const children = useChildren();
  if (children.isPending) return <PageState kind="loading" title="Loading your children's progress..." />;
  if (children.isError) {
    return (
      <PageState
        kind="error"
        title={DASHBOARD_MESSAGES.progressFailed}
        text={errorMessage(children.error, 'Please try again.')}
        action={<Button onClick={() => void children.refetch()}>Try Again</Button>}
      />
    );
  }
  return <Family>{children.data}</Family>;
}

const NoChildren = () => (
  <EmptyState
    title="No children linked yet"
    text="Add your child from your dashboard: create their student account, or link the account they already have."
  />
);

function ChildCard({ child, onEdit, onRemove }: { child: ChildProgress; onEdit(): void; onRemove(): void }) {
  return (
    <article aria-label={fullName(child)}>
      <header className={styles.childHeader}>
        <div>
          <h2>{fullName(child)}</h2>
          <p className={styles.muted}>
            {[child.grade ? `Grade ${child.grade}` : null, child.school].filter(Boolean).join(' · ') || 'Student'}
          </p>
        </div>
        <div className={styles.childActions}>
          <ButtonLink
            variant="secondary"
            size="sm"
            to={paths.childReport(child.id)}
            aria-label={`Progress report of ${fullName(child)}`}
          >
            Progress report
          </ButtonLink>
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${fullName(child)}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={`Remove ${fullName(child)} from your family`}
          >
            Remove
          </Button>
        </div>
      </header>
      <ChildFigures child={child} compact />
      {child.courses.length === 0 ? (
        <p className={styles.muted}>No courses assigned yet.</p>
      ) : (
        <ul className={styles.courseBars} aria-label={`Courses of ${fullName(child)}`}>
          {child.courses.map((course) => (
            <li key={course.id}>
              <strong>{course.name}</strong>
              <CourseBar course={course} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function ChildFigures({ child, compact = false }: { child: ChildProgress; compact?: boolean }) {
  const name = fullName(child);
  return (
    <StatCards
      compact={compact}
      label={`Figures of ${name}`}
      stats={[
        {
          label: 'Checked This Week',
          value: String(child.checkedThisWeek),
          icon: Activity,
          hint: compact ? undefined : `${child.correctThisWeek} right, last ${ACTIVITY_WINDOW_DAYS} days`,
        },
        {
          label: 'First-Try Accuracy',
          value: accuracy(child),
          icon: Target,
          hint: compact ? undefined : 'questions right at the first check',
        },
        {
          label: 'Questions Solved',
          value: String(child.questionsSolved),
          icon: CheckCircle2,
          hint: compact ? undefined : `of ${child.questionsTried} tried`,
        },
        { label: 'Last Activity', value: lastActive(child), icon: Clock },
      ]}
    />
  );
}

function CourseBar({ course }: { course: ChildProgress['courses'][number] }) {
  return (
    <ProgressBar
      label={`${course.name} progress`}
      value={course.sectionsDone}
      max={course.sectionsWithExercises}
      text={courseProgressText(course)}
    />
  );
}

/** Progress Reports: a tab per child; `?child=` opens one child's report, fetched on its own (404 if not theirs). */
function ProgressReports({ childId }: { childId: string | null }) {
  const [, setParams] = useSearchParams();
  const children = useChildren();
  const header = (
    <>
      <h1 className={styles.heading}>Progress Reports</h1>
      <p className={styles.muted}>Courses, units and sections, with the questions solved in each.</p>
    </>
  );
  if (children.isPending)
    return (
      <div className={styles.page}>
        {header}
        <PageState kind="loading" title="Loading progress reports..." />
      </div>
    );
  if (children.isError) {
    return (
      <div className={styles.page}>
        {header}
        <PageState
          kind="error"
          title={DASHBOARD_MESSAGES.progressFailed}
          text={errorMessage(children.error, 'Please try again.')}
          action={<Button onClick={() => void children.refetch()}>Try Again</Button>}
        />
      </div>
    );
  }
  if (children.data.length === 0)
    return (
      <div className={styles.page}>
        {header}
        <NoChildren />
      </div>
    );
  const chosen = childId ?? children.data[0].id;
  const listed = children.data.some((c) => c.id === chosen);
  return (
    <div className={styles.page}>
      {header}
      {listed ? (
        <Tabs
          label="Your children"
          variant="pills"
          value={chosen}
          onChange={(id) => setParams({ section: 'progress', child: id }, { replace: true })}
          tabs={children.data.map((child) => ({
            value: child.id,
            label: fullName(child),
            content: <ChildReport id={child.id} />,
          }))}
        />
      ) : (
        <ChildReport id={chosen} />
      )}
    </div>
  );
}

function ChildReport({ id }: { id: string }) {
  const report = useChild(id);
  if (report.isPending) return <PageState kind="loading" title="Loading the report..." />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return missing ? (
      <EmptyState title={DASHBOARD_MESSAGES.childNotFound} text="This report is not one of your children's." />
    ) : (
      <PageState
        kind="error"
        title={DASHBOARD_MESSAGES.progressFailed}
        text={errorMessage(report.error, 'Please try again.')}
        action={<Button onClick={() => void report.refetch()}>Try Again</Button>}
      />
    );
  }
  const child = report.data;
  return (
    <section aria-label={`Progress report of ${fullName(child)}`} className={styles.report}>
      <ChildFigures child={child} />
      {child.lastSection ? (
        <p className={styles.muted}>
          Last practiced: Section {child.lastSection.unitNumber}.{child.lastSection.sectionNumber}{' '}
          {child.lastSection.sectionTitle}, in {child.lastSection.courseName}.
        </p>
      ) : null}
      <StudentProgressPanel studentId={child.id} who={fullName(child)} reader="parent" />
      <ChildNotes childId={child.id} name={fullName(child)} />
      <ChildTests childId={child.id} name={fullName(child)} />
      <WeeklyLetterCard childId={child.id} name={fullName(child)} />
      {child.courses.length === 0 ? <p className={styles.muted}>No courses assigned yet.</p> : null}
      {child.courses.map((course) => (
        <article key={course.id} className={styles.panel} aria-label={course.name}>
          <p className={styles.code}>{course.code}</p>
          <h2>{course.name}</h2>
          <CourseBar course={course} />
          {course.units.length === 0 ? (
            <p className={styles.muted}>No units open yet.</p>
          ) : (
            course.units.map((unit) => (
              <div key={unit.id} className={styles.unit}>
                <h3>
                  Unit {unit.unitNumber}: {unit.title}
                </h3>
                <ul className={styles.sectionRows}>
                  {unit.sections.map((section) => (
                    <li key={section.id}>
                      <span>
                        {unit.unitNumber}.{section.sectionNumber} {section.title}
                      </span>
                      <ProgressBar
                        label={`${section.title} questions solved`}
                        value={section.solved}
                        max={section.questions}
                        text={
                          section.questions === 0
                            ? 'Lesson only'
                            : `${section.solved} of ${plural(section.questions, 'question')} solved`
                        }
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </article>
      ))}
    </section>
  );
}

const TEST_COLUMNS = [
  { header: 'Test', cell: (r: ChildTestResult) => r.name },
  { header: 'Code', cell: (r: ChildTestResult) => r.testCode ?? '--', hideWhenNarrow: true },
  {
    header: 'Submitted',
    cell: (r: ChildTestResult) => new Date(r.submittedAt).toLocaleDateString('en-US', { dateStyle: 'medium' }),
  },
  { header: 'Score', cell: (r: ChildTestResult) => scoreText(r.score, r.totalMarks) },
  { header: 'Percentage', cell: (r: ChildTestResult) => `${r.score.percentage}%` },
  { header: "Teacher's comments", cell: (r: ChildTestResult) => <TeacherComments result={r} /> },
];

/** The teacher's comment on the whole test and on each question, as released with the score. */
function TeacherComments({ result }: { result: ChildTestResult }) {
  if (!result.comment && result.questionComments.length === 0) return <>--</>;
  return (
    <div className={styles.comments}>
      {result.comment ? <p>{result.comment}</p> : null}
      {result.questionComments.map((c) => (
        <p key={c.number}>
          <strong>Question {c.number}:</strong> {c.comment}
        </p>
      ))}
    </div>
  );
}

/** The notes the child's teachers shared with the family; nothing when there are none. */
function ChildNotes({ childId, name }: { childId: string; name: string }) {
  const notes = useChildNotes(childId);
  if (notes.isPending || !notes.data?.length) return null;
  return (
    <article className={styles.panel} aria-labelledby={`notes-${childId}`}>
      <h2 id={`notes-${childId}`}>Notes from the teacher</h2>
      <NoteList notes={notes.data} label={`Notes from the teacher about ${name}`} />
    </article>
  );
}

/**
 * The child's test results, once their teacher releases them (a result awaiting release is not shown); an
 * exam-style test's result opens its score report.
 */
function ChildTests({ childId, name }: { childId: string; name: string }) {
  const tests = useChildTests(childId);
  const [reportOf, setReportOf] = useState<ChildTestResult | null>(null);
  const columns = [
    ...TEST_COLUMNS,
    {
      header: 'Score report',
      interactive: true,
      cell: (r: ChildTestResult) =>
        r.hasReport ? (
          <Button variant="secondary" size="sm" aria-label={`Score report of ${r.name}`} onClick={() => setReportOf(r)}>
            Score report
          </Button>
        ) : (
          '--'
        ),
    },
  ];
  return (
    <article className={styles.panel} aria-labelledby={`tests-${childId}`}>
      <h2 id={`tests-${childId}`}>Test Results</h2>
      {tests.isPending ? (
        <p className={styles.muted} role="status">
          Loading test results...
        </p>
      ) : tests.isError ? (
        <p className={styles.muted} role="alert">
          {errorMessage(tests.error, DASHBOARD_MESSAGES.testsFailed)}
        </p>
      ) : tests.data.length === 0 ? (
        <p className={styles.muted}>No test results yet. A score appears here once the teacher releases it.</p>
      ) : (
        <Table label={`Test results of ${name}`} rows={tests.data} rowKey={(r) => r.assignmentId} columns={columns} />
      )}
      {reportOf ? <ChildReportDialog childId={childId} result={reportOf} onClose={() => setReportOf(null)} /> : null}
    </article>
  );
}

/** A released exam-style test's score report, read when the parent opens it. */
function ChildReportDialog({
  childId,
  result,
  onClose,
}: {
  childId: string;
  result: ChildTestResult;
  onClose(): void;
}) {
  const report = useChildExamReport(childId, result.attemptId);
  return (
    <Dialog open size="lg" title={`Score report: ${result.name}`} onClose={onClose}>
      <QueryStates compact query={report} loading="Loading the score report..." failed={CHILD_REPORT_FAILED}>
        {(data) => (
          <>
            <p className={styles.muted}>
              Submitted {new Date(data.submittedAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
            </p>
            <ExamReport report={data.report} level={3} />
          </>
        )}
      </QueryStates>
    </Dialog>
  );
}
