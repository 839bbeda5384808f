import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarClock, Filter, GraduationCap, School, Users, UserRound, Layers } from 'lucide-react';
import {
  normalizeUserType,
  STUDENT_GROUPS,
  STUDENT_GROUP_KEYS,
  STUDENT_PAGE_SIZE,
  STUDENT_PAGE_SIZES,
  type StudentGroup,
  plural,
} from '@common/rules';
import type { AssignedStudent } from '@common/schemas/learning';
import type { StudentStats } from '@common/schemas/studentAssignments';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { StatCard, StatFilterCard, StatGrid } from '../../ui/StatCard';
import { RowToggle, Table } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { useCourseContent, useStudentPage, type Role } from './api';
import { AssignedSummary } from './AssignedSummary';
import { AssignmentPanel } from './AssignmentPanel';
import { BatchDialog, type BatchTarget } from './BatchDialog';
import { useAssignmentChanges, type Change } from './changes';
import styles from './assignments.module.css';

const ICONS: Record<StudentGroup, typeof Users> = {
  all: Users,
  grades1to5: School,
  grades6to8: GraduationCap,
  grades9to12: Layers,
  recent: CalendarClock,
};
/** Typing settles for this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

const number = (n: number) => n.toLocaleString('en-US');

/** Reads the list's state from the address, so Back, refresh and links keep the filter, search and page. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('group') as StudentGroup | null;
  const group = groupParam && STUDENT_GROUP_KEYS.includes(groupParam) ? groupParam : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (STUDENT_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : STUDENT_PAGE_SIZE;
  const q = params.get('q') ?? '';
  const set = (next: Partial<{ group: StudentGroup; page: number; pageSize: number; q: string }>) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          const fallback = { group: 'all', page: 1, pageSize: STUDENT_PAGE_SIZE, q: '' }[key];
          if (value === fallback || value === '') out.delete(key);
          else out.set(key, String(value));
        }
        return out;
      },
      { replace: true },
    );
  return { group, page, pageSize, q, set };
}

/**
 * /course-assignment: the student manager. Stat cards filter by group, the search
 * looks at name, e-mail, school and grade, and the table pages through the caller's students (an admin's all, a
 * teacher's own) as the server pages them. A row opens to what the student holds, or to the assignment panel.
 * Besides, students chosen by their boxes, or a whole filter, get one change in one call.
 */
export default function CourseAssignmentPage() {
  const { user } = useAuth();
  const role: Role = normalizeUserType(user?.type ?? '') === 'admin' ? 'admin' : 'teacher';
  const list = useListState();
  const [search, setSearch] = useState(list.q);
  const notify = useNotify();
  const { busy, change } = useAssignmentChanges(role, notify);
  const students = useStudentPage(role, { q: list.q, group: list.group, page: list.page, pageSize: list.pageSize });
  const [expanded, setExpanded] = useState<string[]>([]);
  const [panelFor, setPanelFor] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [allInFilter, setAllInFilter] = useState(false);
  const [batch, setBatch] = useState<BatchTarget | null>(null);

  useEffect(() => {
    if (search.trim() === list.q.trim()) return;
    const timer = setTimeout(() => {
      list.set({ q: search.trim(), page: 1 });
      setAllInFilter(false);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // list.set is new on every render; the search text is what starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const data = students.data;
  const total = data?.total ?? 0;
  const chooseGroup = (group: StudentGroup) => {
    list.set({ group, page: 1 });
    setAllInFilter(false);
  };

  const detailOf = (student: AssignedStudent) => (
    <StudentDetail
      role={role}
      student={student}
      panel={panelFor === student.id}
      busy={busy}
      onChange={(c, failure) => void change(student, c, { failure })}
      onClosePanel={() => {
        setPanelFor(null);
        setExpanded((e) => e.filter((id) => id !== student.id));
      }}
    />
  );

  const title = role === 'admin' ? 'Course Assignment' : 'Students';
  return (
    <PageFrame
      eyebrow={role === 'admin' ? 'Students' : 'Course Assignment'}
      title={title}
      lead={
        role === 'admin'
          ? 'Assign courses, units and sections to students.'
          : 'Assign courses, units and sections to your students.'
      }
    >
      <StatGrid label="Students by group" dense>
        {STUDENT_GROUP_KEYS.map((group) => (
          <StatFilterCard
            key={group}
            label={STUDENT_GROUPS[group].label}
            value={data ? number(data.stats[group as keyof StudentStats]) : '–'}
            icon={ICONS[group]}
            pressed={list.group === group}
            onPress={() => chooseGroup(group)}
          />
        ))}
        <StatCard label="Filtered" value={data ? number(total) : '–'} icon={Filter} />
      </StatGrid>

      <div className={styles.controls}>
        <SearchBox
          className={styles.search}
          label="Search by name, email, school or grade"
          value={search}
          onChange={setSearch}
        />
      </div>
      <Toast notice={notify.notice} />

      {selected.length || allInFilter ? (
        <div className={styles.selectionBar} role="region" aria-label="Selected students">
          <span>
            {allInFilter
              ? `All ${number(total)} students in this filter are selected.`
              : `${plural(selected.length, 'student')} selected.`}
          </span>
          {!allInFilter && total > selected.length ? (
            <Button size="sm" variant="ghost" onClick={() => setAllInFilter(true)}>
              Select all {number(total)} in this filter
            </Button>
          ) : null}
          <Button
            size="sm"
            onClick={() =>
              setBatch(
                allInFilter
                  ? { filter: { q: list.q || undefined, group: list.group }, count: total }
                  : { studentIds: selected },
              )
            }
          >
            Assign or remove for {allInFilter ? 'all' : 'selected'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setSelected([]);
              setAllInFilter(false);
            }}
          >
            Clear selection
          </Button>
        </div>
      ) : null}

      {students.isPending ? (
        <PageState kind="loading" title="Loading students..." />
      ) : students.isError && !data ? (
        <PageState
          kind="error"
          title="Error fetching data"
          action={<Button onClick={() => void students.refetch()}>Try Again</Button>}
        />
      ) : !data || data.students.length === 0 ? (
        <EmptyState
          title="No students found"
          text={
            list.q || list.group !== 'all'
              ? 'No student matches this search or filter.'
              : role === 'teacher'
                ? 'No students are linked to you yet.'
                : 'No students have joined yet.'
          }
        />
      ) : (
        <>
          <Table<AssignedStudent>
            label="Students"
            rows={data.students}
            rowKey={(s) => s.id}
            selection={{
              selected: allInFilter ? data.students.map((s) => s.id) : selected,
              onChange: (keys) => {
                setAllInFilter(false);
                setSelected(keys);
              },
              rowLabel: (s) => `Select ${s.fullName}`,
              allLabel: 'Select every student on this page',
            }}
            expansion={{
              expanded,
              onToggle: (id) => {
                setExpanded((e) => (e.includes(id) ? e.filter((x) => x !== id) : [...e, id]));
                if (panelFor === id) setPanelFor(null);
              },
              detail: detailOf,
            }}
            columns={[
              {
                header: 'Name',
                cell: (s, state) => (
                  <RowToggle state={state}>
                    <UserRound size={16} aria-hidden="true" />
                    <span className={styles.name}>{s.fullName}</span>
                  </RowToggle>
                ),
                interactive: true,
              },
              { header: 'Email', cell: (s) => <span className={styles.email}>{s.email}</span>, hideWhenNarrow: true },
              { header: 'Grade', cell: (s) => s.grade ?? '—', hideWhenNarrow: true },
              { header: 'School', cell: (s) => s.school ?? '—', hideWhenNarrow: true },
              { header: 'Courses', cell: (s) => s.courses.length },
              {
                header: 'Actions',
                interactive: true,
                cell: (s) => (
                  <Button
                    size="sm"
                    variant={panelFor === s.id ? 'secondary' : 'primary'}
                    aria-expanded={panelFor === s.id}
                    aria-label={`${panelFor === s.id ? 'Close assignments of' : 'Manage assignments of'} ${s.fullName}`}
                    onClick={() => {
                      const opening = panelFor !== s.id;
                      setPanelFor(opening ? s.id : null);
                      setExpanded((e) =>
                        opening ? [...e.filter((x) => x !== s.id), s.id] : e.filter((x) => x !== s.id),
                      );
                    }}
                  >
                    {panelFor === s.id ? 'Close' : 'Manage'}
                  </Button>
                ),
              },
            ]}
          />
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={total}
            pageSizes={STUDENT_PAGE_SIZES}
            noun="students"
            onPage={(page) => list.set({ page })}
            onPageSize={(pageSize) => list.set({ pageSize, page: 1 })}
          />
        </>
      )}

      {batch ? (
        <BatchDialog
          role={role}
          target={batch}
          onClose={() => setBatch(null)}
          onDone={(reply) => {
            notify.notify(reply.refused ? 'info' : 'success', reply.message);
            setSelected([]);
            setAllInFilter(false);
          }}
        />
      ) : null}
    </PageFrame>
  );
}

/** A student's open row: the assignment panel when it was asked for, else what the student holds. */
function StudentDetail({
  role,
  student,
  panel,
  busy,
  onChange,
  onClosePanel,
}: {
  role: Role;
  student: AssignedStudent;
  panel: boolean;
  busy: ReadonlySet<string>;
  onChange(change: Change, failure?: 'update'): void;
  onClosePanel(): void;
}) {
  const content = useCourseContent(
    role,
    student.courses.map((c) => c.id),
  );
  return panel ? (
    <AssignmentPanel
      role={role}
      student={student}
      content={content}
      busy={busy}
      onChange={onChange}
      onClose={onClosePanel}
    />
  ) : (
    <AssignedSummary student={student} content={content} busy={busy} onChange={(c) => onChange(c)} />
  );
}
