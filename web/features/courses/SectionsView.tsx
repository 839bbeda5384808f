import { useMemo, useState } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { Section, Unit } from '@common/schemas/courses';
import { MathText } from '../../math/MathText';
import { Button } from '../../ui/Button';
import { useSections } from './api';
import type { Notifier } from '../../ui/Toast';
import { LevelFrame } from './LevelFrame';
import { cut, plainText } from '../../math/plainText';
import { SECTION_FORM } from './LevelFormModal';
import { useLevelDialogs } from './useLevelDialogs';
import styles from './courses.module.css';
import { plural, matchesSearch } from '@common/rules';

/** The sections of a unit, by section number: search by title, grade or content, add, edit, delete, view content. */
export function SectionsView({
  unit,
  notify,
  onBack,
  onViewContent,
}: {
  unit: Unit;
  notify: Notifier;
  onBack(): void;
  onViewContent(section: Section): void;
}) {
  const sections = useSections(unit.id);
  const manage = useLevelDialogs({ level: SECTION_FORM, parent: unit, notify });
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => (sections.data ?? []).map((s) => ({ section: s, text: plainText(s.content) })),
    [sections.data],
  );
  const shown = useMemo(
    () =>
      rows
        .filter((r) => matchesSearch(search, r.section.title, r.section.grade, r.text))
        .sort((a, b) => a.section.sectionNumber - b.section.sectionNumber),
    [rows, search],
  );

  return (
    <LevelFrame
      thing="Section"
      parent="Units"
      onBack={onBack}
      search={search}
      onSearch={setSearch}
      placeholder="Search sections by title, grade or content"
      onAdd={manage.add}
      query={sections}
      shownCount={shown.length}
      list={
        <ul className={styles.cards}>
          {shown.map(({ section, text }) => (
            <li key={section.id} className={styles.card}>
              <div className={styles.number} aria-hidden="true">
                {unit.unitNumber}.{section.sectionNumber}
              </div>
              <div className={styles.cardMain}>
                <h2 className={styles.cardTitle}>
                  Section {section.sectionNumber}: {section.title}
                </h2>
                <p className={styles.meta}>
                  {section.grade ? <span>Grade {section.grade}</span> : null}
                  <span>{plural(section.exercises.length, 'question')}</span>
                </p>
                <p className={styles.description}>{text ? <MathText text={cut(text)} /> : 'No content yet.'}</p>
              </div>
              <div className={styles.actions}>
                <Button size="sm" onClick={() => onViewContent(section)} icon={Eye}>
                  View Content
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => manage.edit(section)}
                  aria-label={`Edit ${section.title}`}
                  icon={Pencil}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className={styles.dangerGhost}
                  onClick={() => manage.remove(section)}
                  aria-label={`Delete ${section.title}`}
                  icon={Trash2}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      }
      emptyText="Add the first section of this unit."
    >
      {manage.dialogs}
    </LevelFrame>
  );
}
