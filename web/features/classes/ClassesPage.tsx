import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { plural } from '@common/rules';
import type { ClassSummary } from '@common/schemas/classes';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Table } from '../../ui/Table';
import { useClasses, useRefreshClass } from './api';
import { ClassFormDialog } from './ClassForm';
import styles from './classes.module.css';

/** What a class is about, in one line: subject, grade and term. */
export const classFacts = (c: Pick<ClassSummary, 'subject' | 'grade' | 'term'>) =>
  [c.subject, c.grade ? (c.grade === 'K' ? 'Kindergarten' : `Grade ${c.grade}`) : '', c.term]
    .filter(Boolean)
    .join(' · ');

/**
 * /classes: the classes a teacher teaches (an admin: every class), with their teachers, students and join code;
 * a class opens its own page. A teacher with no class yet is shown how to start one.
 */
export default function ClassesPage() {
  const { user } = useAuth();
  const classes = useClasses();
  const refresh = useRefreshClass();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const isAdmin = user?.type === 'admin';

  // Courses given to one student, outside any class, stay on the student manager.
  const oneStudent = (
    <ButtonLink to={paths.courseAssignment} variant="secondary">
      Assign to one student
    </ButtonLink>
  );
  const hasClasses = !!classes.data && classes.data.length > 0;
  return (
    <PageFrame
      eyebrow={isAdmin ? 'Administration' : 'Teaching'}
      title="Classes"
      lead={
        isAdmin
          ? 'Every class of the academy: its teachers, students, courses and tests.'
          : 'Your classes: give courses and tests to a whole class, and let students join with a code.'
      }
      actions={
        <div className={styles.actionsRow}>
          {oneStudent}
          {hasClasses ? (
            <Button icon={Plus} onClick={() => setCreating(true)}>
              New class
            </Button>
          ) : null}
        </div>
      }
    >
      {classes.isPending ? (
        <PageState kind="loading" title="Loading classes..." />
      ) : classes.isError ? (
        <PageState kind="error" title="Failed to load classes" text={classes.error.message} />
      ) : classes.data.length === 0 ? (
        <PageCard aria-label="No classes yet">
          <EmptyState
            title={isAdmin ? 'No classes yet' : 'You have no classes yet'}
            text="Create a class, then add your students or give them its join code. Courses and tests you give the class open for every student in it."
            action={
              <Button icon={Plus} onClick={() => setCreating(true)}>
                Create your first class
              </Button>
            }
          />
        </PageCard>
      ) : (
        <PageCard aria-label="Classes">
          <Table
            label="Classes"
            rows={classes.data}
            rowKey={(c) => c.id}
            columns={[
              {
                header: 'Class',
                interactive: true,
                cell: (c) => (
                  <div className={styles.nameCell}>
                    <Link to={paths.classDetail.href(c.id)} className={styles.classLink}>
                      {c.name}
                    </Link>
                    {classFacts(c) ? <span className={styles.muted}>{classFacts(c)}</span> : null}
                  </div>
                ),
              },
              {
                header: 'Teachers',
                hideWhenNarrow: true,
                cell: (c) => (c.teachers.length ? c.teachers.map((t) => t.name).join(', ') : 'None yet'),
              },
              { header: 'Students', cell: (c) => plural(c.studentCount, 'student') },
              { header: 'Courses', hideWhenNarrow: true, cell: (c) => c.courseCount },
              {
                header: 'Join code',
                cell: (c) => (c.joinCode ? <code className={styles.codeSmall}>{c.joinCode}</code> : 'Off'),
              },
            ]}
          />
        </PageCard>
      )}
      {creating ? (
        <ClassFormDialog
          editing={null}
          pickTeacher={isAdmin}
          onClose={() => setCreating(false)}
          onSaved={(made) => {
            setCreating(false);
            void refresh();
            void navigate(paths.classDetail.href(made.id));
          }}
        />
      ) : null}
    </PageFrame>
  );
}
