import { Trash2 } from 'lucide-react';
import type { AssignedStudent } from '@common/schemas/learning';
import { Button } from '../../ui/Button';
import type { CourseContent } from './api';
import { busyKey, type Change } from './changes';
import { listedSections, listedUnits, type Listed } from './labels';
import styles from './assignments.module.css';

interface SummaryProps {
  student: AssignedStudent;
  content: CourseContent;
  busy: ReadonlySet<string>;
  onChange(change: Change): void;
}

/** A student's open row: their courses, units and sections, each with Remove. */
export function AssignedSummary({ student, content, busy, onChange }: SummaryProps) {
  const units = listedUnits(student, content);
  const sections = listedSections(student, content);
  const removeCourse = (courseId: string) => {
    const unitIds = content.unitsOf(courseId)?.map((u) => u.id) ?? [];
    onChange({
      kind: 'course',
      action: 'remove',
      courseId,
      unitIds,
      sectionIds: unitIds.flatMap((u) => content.sectionsOfUnit(u).map((s) => s.id)),
    });
  };
  return (
    <div className={styles.summary}>
      <Block title="Assigned Courses" empty="No courses assigned">
        {student.courses.map((course) => (
          <Entry
            key={course.id}
            label={course.name}
            detail={course.code}
            busy={busy.has(busyKey(student.id, 'course', course.id))}
            onRemove={() => removeCourse(course.id)}
          />
        ))}
      </Block>
      <Block title={`Assigned Units (${units.length})`} empty="No units assigned">
        {units.map((unit) => (
          <ListedEntry
            key={unit.id}
            item={unit}
            busy={busy.has(busyKey(student.id, 'unit', unit.id))}
            onRemove={() =>
              onChange({
                kind: 'unit',
                action: 'remove',
                unitId: unit.id,
                sectionIds: content.sectionsOfUnit(unit.id).map((s) => s.id),
              })
            }
          />
        ))}
      </Block>
      <Block title={`Assigned Sections (${sections.length})`} empty="No sections assigned">
        {sections.map((section) => (
          <ListedEntry
            key={section.id}
            item={section}
            busy={busy.has(busyKey(student.id, 'section', section.id))}
            onRemove={() => onChange({ kind: 'section', action: 'remove', sectionId: section.id })}
          />
        ))}
      </Block>
    </div>
  );
}

function Block({ title, empty, children }: { title: string; empty: string; children: React.ReactNode[] }) {
  return (
    <section className={styles.block} aria-label={title}>
      <h3 className={styles.blockTitle}>{title}</h3>
      {children.length ? <ul className={styles.entries}>{children}</ul> : <p className={styles.emptyText}>{empty}</p>}
    </section>
  );
}

const ListedEntry = ({ item, busy, onRemove }: { item: Listed; busy: boolean; onRemove(): void }) => (
  <Entry label={item.label} detail={item.parent} busy={busy} onRemove={onRemove} />
);

function Entry({ label, detail, busy, onRemove }: { label: string; detail: string; busy: boolean; onRemove(): void }) {
  return (
    <li className={styles.entry} aria-busy={busy || undefined}>
      <span className={styles.entryText}>
        <span className={styles.entryLabel}>{label}</span>
        <span className={styles.entryDetail}>{detail}</span>
      </span>
      <Button
        size="sm"
        variant="ghost"
        className={styles.remove}
        disabled={busy}
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        icon={Trash2}
      >
        {busy ? 'Removing...' : 'Remove'}
      </Button>
    </li>
  );
}
