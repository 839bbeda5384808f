import { sectionLabel, unitLabel } from '@common/rules';
import type { AssignedStudent } from '@common/schemas/learning';
import { Button } from '../../ui/Button';
import type { CourseContent } from './api';
import { busyKey, type Change } from './changes';
import styles from './assignments.module.css';

interface CourseTreeProps {
  student: AssignedStudent;
  courseId: string;
  content: CourseContent;
  busy: ReadonlySet<string>;
  onChange(change: Change, failure: 'update' | undefined): void;
}

/**
 * An assigned course opened to its units and sections, each with a checkbox. A section's
 * box waits for its unit's, as the server requires; "Assign unit with all sections" does both in one call.
 */
export function CourseTree({ student, courseId, content, busy, onChange }: CourseTreeProps) {
  const units = content.unitsOf(courseId);
  if (!units) return <p className={styles.emptyText}>{content.failed ? 'Error fetching data' : 'Loading units...'}</p>;
  if (units.length === 0) return <p className={styles.emptyText}>No units available</p>;
  return (
    <ul className={styles.tree}>
      {units.map((unit) => {
        const sections = content.sectionsOfUnit(unit.id);
        const held = student.units.includes(unit.id);
        const unitBusy = busy.has(busyKey(student.id, 'unit', unit.id));
        const sectionIds = sections.map((s) => s.id);
        const whole = held && sections.every((s) => student.sections.includes(s.id));
        return (
          <li key={unit.id} className={styles.treeUnit}>
            <div className={styles.treeRow}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={held}
                  disabled={unitBusy}
                  onChange={() =>
                    onChange(
                      { kind: 'unit', action: held ? 'remove' : 'assign', unitId: unit.id, sectionIds },
                      'update',
                    )
                  }
                />
                <span>{unitLabel(unit)}</span>
              </label>
              <Button
                size="sm"
                variant="secondary"
                disabled={unitBusy || whole || sections.length === 0}
                onClick={() =>
                  onChange(
                    { kind: 'unit', action: 'assign', unitId: unit.id, sectionIds, withSections: true },
                    undefined,
                  )
                }
                aria-label={`Assign ${unitLabel(unit)} with all sections`}
              >
                Assign unit with all sections
              </Button>
            </div>
            {sections.length ? (
              <ul className={styles.treeSections}>
                {sections.map((section) => {
                  const sectionHeld = student.sections.includes(section.id);
                  return (
                    <li key={section.id}>
                      <label className={styles.check} title={held ? undefined : 'Assign the unit first'}>
                        <input
                          type="checkbox"
                          checked={sectionHeld}
                          disabled={
                            (!held && !sectionHeld) || unitBusy || busy.has(busyKey(student.id, 'section', section.id))
                          }
                          onChange={() =>
                            onChange(
                              { kind: 'section', action: sectionHeld ? 'remove' : 'assign', sectionId: section.id },
                              'update',
                            )
                          }
                        />
                        <span>{sectionLabel(section)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
