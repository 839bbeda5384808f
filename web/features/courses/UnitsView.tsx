import { useMemo, useState } from 'react';
import { ListTree, Pencil, Trash2 } from 'lucide-react';
import type { Course, Unit } from '@common/schemas/courses';
import { Button } from '../../ui/Button';
import { Chips } from '../../ui/Chips';
import { useUnits } from './api';
import type { Notifier } from '../../ui/Toast';
import { LevelFrame } from './LevelFrame';
import { UNIT_FORM } from './LevelFormModal';
import { useLevelDialogs } from './useLevelDialogs';
import styles from './courses.module.css';
import { plural, matchesSearch } from '@common/rules';

/** The units of a course, by unit number: search by title or grade, add, edit, delete, drill into sections. */
export function UnitsView({
  course,
  notify,
  onBack,
  onManageSections,
}: {
  course: Course;
  notify: Notifier;
  onBack(): void;
  onManageSections(unit: Unit): void;
}) {
  const units = useUnits(course.id);
  const manage = useLevelDialogs({ level: UNIT_FORM, parent: course, notify });
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () =>
      [...(units.data ?? [])]
        .filter((u) => matchesSearch(search, u.title, u.grade))
        .sort((a, b) => a.unitNumber - b.unitNumber),
    [units.data, search],
  );

  return (
    <LevelFrame
      thing="Unit"
      parent="Courses"
      onBack={onBack}
      search={search}
      onSearch={setSearch}
      placeholder="Search units by title or grade"
      onAdd={manage.add}
      query={units}
      shownCount={shown.length}
      list={
        <ul className={styles.cards}>
          {shown.map((unit) => (
            <li key={unit.id} className={styles.card}>
              <div className={styles.number} aria-hidden="true">
                {unit.unitNumber}
              </div>
              <div className={styles.cardMain}>
                <h2 className={styles.cardTitle}>
                  Unit {unit.unitNumber}: {unit.title}
                </h2>
                <p className={styles.meta}>
                  {unit.grade ? <span>Grade {unit.grade}</span> : null}
                  <span>{plural(unit.sectionCount, 'section')}</span>
                </p>
                <Chips label="Categories" chips={unit.categories.map((c) => ({ key: c, label: c }))} />
              </div>
              <div className={styles.actions}>
                <Button size="sm" onClick={() => onManageSections(unit)} icon={ListTree}>
                  Manage Sections
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => manage.edit(unit)}
                  aria-label={`Edit ${unit.title}`}
                  icon={Pencil}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className={styles.dangerGhost}
                  onClick={() => manage.remove(unit)}
                  aria-label={`Delete ${unit.title}`}
                  icon={Trash2}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      }
      emptyText="Add the first unit of this course."
    >
      {manage.dialogs}
    </LevelFrame>
  );
}
