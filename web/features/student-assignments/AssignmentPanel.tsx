import { useState, type ReactNode } from 'react';
import { ChevronDown, ChevronRight, Plus, Trash2, X } from 'lucide-react';
import { sectionLabel, unitLabel, matchesSearch } from '@common/rules';
import type { AssignedStudent } from '@common/schemas/learning';
import { Button } from '../../ui/Button';
import { DragColumns } from '../../ui/DragColumns';
import { SelectField } from '../../ui/Field';
import { SearchBox } from '../../ui/SearchBox';
import { Tabs } from '../../ui/Tabs';
import { useCourseList, type CourseContent, type Role } from './api';
import { busyKey, type Change } from './changes';
import { CourseTree } from './CourseTree';
import { listedSections, listedUnits } from './labels';
import styles from './assignments.module.css';

export interface PanelProps {
  role: Role;
  student: AssignedStudent;
  content: CourseContent;
  busy: ReadonlySet<string>;
  onChange(change: Change, failure?: 'update'): void;
  onClose(): void;
}

type Tab = 'courses' | 'units' | 'sections';

/**
 * The assignment panel under a student's row: for courses, units and sections, the assigned
 * and the available ones side by side, each column searchable and filtered by course or unit, moved by drag and
 * drop (mouse, touch or keyboard) or by the quick Assign and Remove buttons.
 */
export function AssignmentPanel(props: PanelProps) {
  const [tab, setTab] = useState<Tab>('courses');
  const { student, onClose } = props;
  return (
    <section className={styles.panel} aria-label={`Assignments of ${student.fullName}`}>
      <header className={styles.panelHeader}>
        <h3 className={styles.panelTitle}>Manage assignments: {student.fullName}</h3>
        <Button
          size="sm"
          variant="ghost"
          onClick={onClose}
          aria-label={`Close the assignment panel of ${student.fullName}`}
          icon={X}
        >
          Close
        </Button>
      </header>
      <Tabs<Tab>
        label="What to assign"
        variant="pills"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'courses', label: `Courses (${student.courses.length})`, content: <CoursesTab {...props} /> },
          { value: 'units', label: `Units (${student.units.length})`, content: <UnitsTab {...props} /> },
          { value: 'sections', label: `Sections (${student.sections.length})`, content: <SectionsTab {...props} /> },
        ]}
      />
    </section>
  );
}

interface CourseItem {
  id: string;
  name: string;
  code: string;
}

function CoursesTab({ role, student, content, busy, onChange }: PanelProps) {
  const catalogue = useCourseList(role);
  const [assignedQuery, setAssignedQuery] = useState('');
  const [availableQuery, setAvailableQuery] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const held = new Set(student.courses.map((c) => c.id));
  const assigned: CourseItem[] = student.courses.filter((c) => matchesSearch(assignedQuery, c.name, c.code));
  const available: CourseItem[] = (catalogue.data ?? [])
    .filter((c) => !held.has(c.id) && matchesSearch(availableQuery, c.title, c.code))
    .map((c) => ({ id: c.id, name: c.title, code: c.code }));

  const assign = (c: CourseItem) => onChange({ kind: 'course', action: 'assign', course: c });
  const remove = (c: CourseItem) => {
    const unitIds = content.unitsOf(c.id)?.map((u) => u.id) ?? [];
    onChange({
      kind: 'course',
      action: 'remove',
      courseId: c.id,
      unitIds,
      sectionIds: unitIds.flatMap((u) => content.sectionsOfUnit(u).map((s) => s.id)),
    });
  };
  const isBusy = (c: CourseItem) => busy.has(busyKey(student.id, 'course', c.id));

  return (
    <DragColumns<CourseItem>
      label={`Courses of ${student.fullName}`}
      itemKey={(c) => c.id}
      itemLabel={(c) => c.name}
      canMove={(c) => !isBusy(c)}
      onMove={(c, _from, to) => (to === 'assigned' ? assign(c) : remove(c))}
      columns={[
        {
          id: 'assigned',
          title: 'Assigned courses',
          items: assigned,
          tools: <SearchBox label="Search assigned courses" value={assignedQuery} onChange={setAssignedQuery} />,
          empty: student.courses.length ? 'No assigned course matches your search.' : 'No courses assigned',
        },
        {
          id: 'available',
          title: 'Available courses',
          items: available,
          tools: <SearchBox label="Search available courses" value={availableQuery} onChange={setAvailableQuery} />,
          empty: catalogue.isPending
            ? 'Loading courses...'
            : catalogue.isError
              ? 'Error fetching data'
              : 'No courses available',
        },
      ]}
      renderItem={(c, column) => {
        const expanded = open.includes(c.id);
        return (
          <div className={styles.itemBody} aria-busy={isBusy(c) || undefined}>
            <div className={styles.itemRow}>
              <span className={styles.entryText}>
                <span className={styles.entryLabel}>{c.name}</span>
                <span className={styles.entryDetail}>{c.code}</span>
              </span>
              <span className={styles.itemActions}>
                {column === 'assigned' ? (
                  <>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} units and sections of ${c.name}`}
                      onClick={() => setOpen((o) => (expanded ? o.filter((id) => id !== c.id) : [...o, c.id]))}
                    >
                      {expanded ? (
                        <ChevronDown size={16} aria-hidden="true" />
                      ) : (
                        <ChevronRight size={16} aria-hidden="true" />
                      )}{' '}
                      Units
                    </Button>
                    <QuickButton action="remove" label={c.name} busy={isBusy(c)} onClick={() => remove(c)} />
                  </>
                ) : (
                  <QuickButton action="assign" label={c.name} busy={isBusy(c)} onClick={() => assign(c)} />
                )}
              </span>
            </div>
            {column === 'assigned' && expanded ? (
              <CourseTree student={student} courseId={c.id} content={content} busy={busy} onChange={onChange} />
            ) : null}
          </div>
        );
      }}
    />
  );
}

interface ContentItem {
  id: string;
  label: string;
  parent: string;
}

/** A tab's choice among the student's assigned courses, or all of them. */
function CourseFilter({
  student,
  value,
  onChange,
}: {
  student: PanelProps['student'];
  value: string;
  onChange(courseId: string): void;
}) {
  return (
    <SelectField
      label="Course"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={student.courses.length ? 'All assigned courses' : 'No courses assigned'}
      options={student.courses.map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

function UnitsTab({ student, content, busy, onChange }: PanelProps) {
  const [courseId, setCourseId] = useState(student.courses[0]?.id ?? '');
  const chosen = student.courses.find((c) => c.id === courseId) ? courseId : '';
  const assigned: ContentItem[] = listedUnits(student, content).filter((u) => !chosen || u.courseId === chosen);
  const courseUnits = chosen ? content.unitsOf(chosen) : undefined;
  const courseName = student.courses.find((c) => c.id === chosen)?.name ?? '';
  const available: ContentItem[] = (courseUnits ?? [])
    .filter((u) => !student.units.includes(u.id))
    .map((u) => ({ id: u.id, label: unitLabel(u), parent: courseName }));
  const sectionIdsOf = (unitId: string) => content.sectionsOfUnit(unitId).map((s) => s.id);
  const change = (u: ContentItem, action: 'assign' | 'remove', withSections = false) =>
    onChange({
      kind: 'unit',
      action,
      unitId: u.id,
      sectionIds: sectionIdsOf(u.id),
      ...(withSections ? { withSections } : {}),
    });
  const isBusy = (u: ContentItem) => busy.has(busyKey(student.id, 'unit', u.id));

  return (
    <div className={styles.tabBody}>
      <div className={styles.filters}>
        <CourseFilter student={student} value={chosen} onChange={setCourseId} />
      </div>
      <ContentColumns
        noun={{ one: 'unit', many: 'units' }}
        owner={student.fullName}
        held={student.units.length > 0}
        assigned={assigned}
        available={available}
        availableEmpty={
          !student.courses.length
            ? 'Assign a course first: units come from the student’s courses.'
            : !chosen
              ? 'Choose a course to see its units.'
              : !courseUnits
                ? content.failed
                  ? 'Error fetching data'
                  : 'Loading units...'
                : 'No units available'
        }
        isBusy={isBusy}
        onChange={change}
        moreActions={(u) => (
          <Button
            size="sm"
            variant="secondary"
            disabled={isBusy(u)}
            onClick={() => change(u, 'assign', true)}
            aria-label={`Assign ${u.label} with all sections`}
          >
            Assign unit with all sections
          </Button>
        )}
      />
    </div>
  );
}

function SectionsTab({ student, content, busy, onChange }: PanelProps) {
  const [courseId, setCourseId] = useState(student.courses[0]?.id ?? '');
  const [unitId, setUnitId] = useState('');
  const chosenCourse = student.courses.find((c) => c.id === courseId) ? courseId : '';
  // Sections come from the student's units: a section needs its unit assigned.
  const heldUnits = (chosenCourse ? (content.unitsOf(chosenCourse) ?? []) : [...content.units.values()]).filter((u) =>
    student.units.includes(u.id),
  );
  const chosenUnit = heldUnits.find((u) => u.id === unitId) ?? (heldUnits.length === 1 ? heldUnits[0] : undefined);
  const assigned: ContentItem[] = listedSections(student, content).filter(
    (s) => (!chosenCourse || s.courseId === chosenCourse) && (!chosenUnit || s.parentId === chosenUnit.id),
  );
  const available: ContentItem[] = chosenUnit
    ? content
        .sectionsOfUnit(chosenUnit.id)
        .filter((s) => !student.sections.includes(s.id))
        .map((s) => ({ id: s.id, label: sectionLabel(s), parent: unitLabel(chosenUnit) }))
    : [];
  const change = (s: ContentItem, action: 'assign' | 'remove') =>
    onChange({ kind: 'section', action, sectionId: s.id });
  const isBusy = (s: ContentItem) => busy.has(busyKey(student.id, 'section', s.id));

  return (
    <div className={styles.tabBody}>
      <div className={styles.filters}>
        <CourseFilter
          student={student}
          value={chosenCourse}
          onChange={(id) => {
            setCourseId(id);
            setUnitId('');
          }}
        />
        <SelectField
          label="Unit"
          value={chosenUnit?.id ?? ''}
          onChange={(e) => setUnitId(e.target.value)}
          placeholder={heldUnits.length ? 'All assigned units' : 'No units assigned'}
          options={heldUnits.map((u) => ({ value: u.id, label: unitLabel(u) }))}
        />
      </div>
      <ContentColumns
        noun={{ one: 'section', many: 'sections' }}
        owner={student.fullName}
        held={student.sections.length > 0}
        assigned={assigned}
        available={available}
        availableEmpty={
          !student.units.length
            ? 'Assign a unit first: sections come from the student’s units.'
            : !chosenUnit
              ? 'Choose a unit to see its sections.'
              : 'No sections available'
        }
        isBusy={isBusy}
        onChange={change}
      />
    </div>
  );
}

/**
 * A student's assigned and available units or sections side by side: each column searchable (the assigned ones by
 * their label or parent, the available ones by label), moved by drag and drop or the quick buttons.
 */
function ContentColumns(props: {
  noun: { one: string; many: string };
  owner: string;
  /** Whether the student holds any of these at all (the assigned column's empty text says which case it is). */
  held: boolean;
  assigned: ContentItem[];
  available: ContentItem[];
  availableEmpty: string;
  isBusy(item: ContentItem): boolean;
  onChange(item: ContentItem, action: 'assign' | 'remove'): void;
  /** Actions beside an available item's Assign. */
  moreActions?(item: ContentItem): ReactNode;
}) {
  const { noun, isBusy, onChange, moreActions } = props;
  const [assignedQuery, setAssignedQuery] = useState('');
  const [availableQuery, setAvailableQuery] = useState('');
  return (
    <DragColumns<ContentItem>
      label={`${noun.many[0].toUpperCase()}${noun.many.slice(1)} of ${props.owner}`}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      canMove={(item) => !isBusy(item)}
      onMove={(item, _from, to) => onChange(item, to === 'assigned' ? 'assign' : 'remove')}
      columns={[
        {
          id: 'assigned',
          title: `Assigned ${noun.many}`,
          items: props.assigned.filter((item) => matchesSearch(assignedQuery, item.label, item.parent)),
          tools: <SearchBox label={`Search assigned ${noun.many}`} value={assignedQuery} onChange={setAssignedQuery} />,
          empty: props.held ? `No assigned ${noun.one} matches.` : `No ${noun.many} assigned`,
        },
        {
          id: 'available',
          title: `Available ${noun.many}`,
          items: props.available.filter((item) => matchesSearch(availableQuery, item.label)),
          tools: (
            <SearchBox label={`Search available ${noun.many}`} value={availableQuery} onChange={setAvailableQuery} />
          ),
          empty: props.availableEmpty,
        },
      ]}
      renderItem={(item, column) => (
        <div className={styles.itemRow} aria-busy={isBusy(item) || undefined}>
          <span className={styles.entryText}>
            <span className={styles.entryLabel}>{item.label}</span>
            <span className={styles.entryDetail}>{item.parent}</span>
          </span>
          <span className={styles.itemActions}>
            {column === 'assigned' ? (
              <QuickButton
                action="remove"
                label={item.label}
                busy={isBusy(item)}
                onClick={() => onChange(item, 'remove')}
              />
            ) : (
              <>
                <QuickButton
                  action="assign"
                  label={item.label}
                  busy={isBusy(item)}
                  onClick={() => onChange(item, 'assign')}
                />
                {moreActions?.(item)}
              </>
            )}
          </span>
        </div>
      )}
    />
  );
}

function QuickButton({
  action,
  label,
  busy,
  onClick,
}: {
  action: 'assign' | 'remove';
  label: string;
  busy: boolean;
  onClick(): void;
}) {
  return action === 'assign' ? (
    <Button size="sm" disabled={busy} onClick={onClick} aria-label={`Assign ${label}`} icon={Plus}>
      {busy ? 'Assigning...' : 'Assign'}
    </Button>
  ) : (
    <Button
      size="sm"
      variant="ghost"
      className={styles.remove}
      disabled={busy}
      onClick={onClick}
      aria-label={`Remove ${label}`}
      icon={Trash2}
    >
      {busy ? 'Removing...' : 'Remove'}
    </Button>
  );
}
