import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { CalendarClock, Pencil, Trash2 } from 'lucide-react';
import { plural } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Tabs } from '../../ui/Tabs';
import { Toast, useNotify } from '../../ui/Toast';
import { classCalls, useClass, useRefreshClass } from './api';
import { ClassAccuracyChart } from './ClassAccuracyChart';
import { ClassFormDialog } from './ClassForm';
import { classFacts } from './ClassesPage';
import { CoursesTab } from './CoursesTab';
import { SkillsTab } from './SkillsTab';
import { StudentsTab } from './StudentsTab';
import { TeachersTab } from './TeachersTab';
import { TestsTab } from './TestsTab';
import styles from './classes.module.css';

const TABS = ['students', 'teachers', 'courses', 'tests', 'skills'] as const;
type TabName = (typeof TABS)[number];

/** A class's page (/classes/:classId?tab=...): its students, teachers, courses, tests and skill levels. */
export default function ClassDetailPage() {
  const { classId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { user } = useAuth();
  const role = user?.type === 'admin' ? 'admin' : 'teacher';
  const cls = useClass(classId);
  const notify = useNotify();
  const refresh = useRefreshClass();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = search.get('tab') as TabName | null;
  const tab: TabName = asked && TABS.includes(asked) ? asked : 'students';

  if (cls.isPending) return <PageState kind="loading" title="Loading the class..." />;
  if (cls.isError)
    return (
      <PageState kind="error" title={cls.error.message} action={<Link to={paths.classes}>Back to Classes</Link>} />
    );
  const c = cls.data;
  const remove = async () => {
    setBusy(true);
    try {
      await classCalls.remove(c.id);
      await refresh();
      void navigate(paths.classes);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete the class'));
      setBusy(false);
    }
  };

  return (
    <PageFrame
      eyebrow={
        <Link to={paths.classes} className={styles.back}>
          Classes
        </Link>
      }
      title={c.name}
      lead={
        [classFacts(c), plural(c.studentCount, 'student'), c.teachers.map((t) => t.name).join(', ')]
          .filter(Boolean)
          .join(' · ') || undefined
      }
      actions={
        <div className={styles.actionsRow}>
          <ButtonLink to={paths.classDueDates.href(c.id)} variant="secondary" size="sm">
            <CalendarClock size={16} aria-hidden="true" /> Due dates
          </ButtonLink>
          <Button size="sm" variant="secondary" icon={Pencil} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" icon={Trash2} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      }
    >
      <Toast notice={notify.notice} corner />
      <ClassAccuracyChart classId={c.id} />
      <Tabs
        label="Class"
        value={tab}
        onChange={(next) => setSearch(next === 'students' ? {} : { tab: next }, { replace: true })}
        tabs={[
          { value: 'students', label: 'Students', content: <StudentsTab cls={c} role={role} notify={notify} /> },
          { value: 'teachers', label: 'Teachers', content: <TeachersTab cls={c} notify={notify} /> },
          { value: 'courses', label: 'Courses', content: <CoursesTab cls={c} role={role} notify={notify} /> },
          { value: 'tests', label: 'Tests', content: <TestsTab cls={c} notify={notify} /> },
          { value: 'skills', label: 'Skills', content: <SkillsTab classId={c.id} name={c.name} /> },
        ]}
      />
      {editing ? (
        <ClassFormDialog
          editing={c}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify.success('Class saved');
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        title="Delete the class?"
        confirmLabel="Delete class"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        <p>
          Its {plural(c.studentCount, 'student')} lose the class's courses and the tests it gave that they have not
          started. Their accounts, answers and started tests stay.
        </p>
      </ConfirmDialog>
    </PageFrame>
  );
}
