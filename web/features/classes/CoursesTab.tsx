import { useState } from 'react';
import { BookPlus, X } from 'lucide-react';
import type { ClassCourse, ClassSummary } from '@common/schemas/classes';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectField } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import type { Notifier } from '../../ui/Toast';
import { classCalls, useClassChange, useClassCourses, useCourseOptions, type Role } from './api';
import styles from './classes.module.css';

/**
 * A class's courses: a course given opens whole to every student of the class (units and sections added later
 * too); a unit or a section can be held back, and released again.
 */
export function CoursesTab({ cls, role, notify }: { cls: ClassSummary; role: Role; notify: Notifier }) {
  const courses = useClassCourses(cls.id);
  const options = useCourseOptions(role);
  const { busy, run } = useClassChange(notify);
  const [chosen, setChosen] = useState('');
  const [taking, setTaking] = useState<ClassCourse | null>(null);
  const given = new Set((courses.data ?? []).map((c) => c.id));
  const addable = (options.data ?? []).filter((c) => !given.has(c.id));
  const hold = (level: 'unit' | 'section', id: string, held: boolean) =>
    void run(() => classCalls.hold(cls.id, level, id, held), 'Failed to change the course');

  return (
    <div className={styles.panel}>
      <PageCard aria-labelledby="give-course">
        <h2 id="give-course" className={styles.cardTitle}>
          Give a course
        </h2>
        <p className={styles.muted}>
          Every student of the class gets the whole course at once, and anyone who joins later.
        </p>
        <div className={styles.inlineForm}>
          <SelectField
            label="Course"
            placeholder={
              options.isPending ? 'Loading courses...' : addable.length ? 'Choose a course' : 'No other course'
            }
            options={addable.map((c) => ({ value: c.id, label: c.title }))}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          />
          <Button
            icon={BookPlus}
            disabled={busy || !chosen}
            onClick={() =>
              void run(async () => {
                const reply = await classCalls.giveCourse(cls.id, chosen);
                setChosen('');
                return reply;
              }, 'Failed to give the course')
            }
          >
            Give course
          </Button>
        </div>
      </PageCard>
      {courses.isPending ? (
        <PageState kind="loading" title="Loading courses..." />
      ) : courses.isError ? (
        <PageState kind="error" title="Failed to load the courses" text={courses.error.message} />
      ) : courses.data.length === 0 ? (
        <PageCard aria-label="Courses of the class">
          <EmptyState title="No courses yet" text="Give the class a course above: its students see it at once." />
        </PageCard>
      ) : (
        courses.data.map((course) => (
          <PageCard key={course.id} aria-label={course.title}>
            <div className={styles.cardHead}>
              <h2 className={styles.cardTitle}>{course.title}</h2>
              <Button size="sm" variant="ghost" icon={X} onClick={() => setTaking(course)}>
                Take back
              </Button>
            </div>
            {course.units.length === 0 ? (
              <p className={styles.muted}>This course has no units yet.</p>
            ) : (
              <ul className={styles.tree} aria-label={`Units of ${course.title}`}>
                {course.units.map((unit) => (
                  <li key={unit.id}>
                    <div className={styles.treeRow}>
                      <span className={styles.unitTitle}>{unit.title}</span>
                      {unit.held ? <Badge tone="muted">Held back</Badge> : <Badge tone="success">Open</Badge>}
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        aria-label={`${unit.held ? 'Release' : 'Hold back'} unit ${unit.title}`}
                        onClick={() => hold('unit', unit.id, !unit.held)}
                      >
                        {unit.held ? 'Release' : 'Hold back'}
                      </Button>
                    </div>
                    {unit.sections.length ? (
                      <ul className={styles.subTree}>
                        {unit.sections.map((section) => (
                          <li key={section.id} className={styles.treeRow}>
                            <span>{section.title}</span>
                            {unit.held || section.held ? (
                              <Badge tone="muted">{section.held ? 'Held back' : 'Held with its unit'}</Badge>
                            ) : (
                              <Badge tone="success">Open</Badge>
                            )}
                            <Button
                              size="sm"
                              variant="ghost"
                              disabled={busy}
                              aria-label={`${section.held ? 'Release' : 'Hold back'} section ${section.title}`}
                              onClick={() => hold('section', section.id, !section.held)}
                            >
                              {section.held ? 'Release' : 'Hold back'}
                            </Button>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </PageCard>
        ))
      )}
      <ConfirmDialog
        open={taking !== null}
        title="Take the course back?"
        confirmLabel="Take back"
        busyLabel="Taking back..."
        busy={busy}
        onCancel={() => setTaking(null)}
        onConfirm={() =>
          void run(async () => {
            const reply = await classCalls.takeCourse(cls.id, taking!.id);
            setTaking(null);
            return reply;
          }, 'Failed to take the course back')
        }
      >
        <p>
          The students of the class lose {taking?.title} unless they have it on their own. Their answers stay theirs.
        </p>
      </ConfirmDialog>
    </div>
  );
}
