import { useEffect, useState } from 'react';
import { BookUser, CheckCircle2, GraduationCap, Keyboard, Pencil, Presentation, Trash2, Users } from 'lucide-react';
import { USER_MESSAGES, USERS_PAGE_SIZE, type UserType } from '@common/rules';
import type { AdminUser, UsersQuery, UserStats } from '@common/schemas/users';
import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { StatFilter, type StatFilterOption } from '../../ui/StatFilter';
import { RowToggle, Table, type Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { PageFrame } from '../../ui/PageFrame';
import { usePage } from '../../ui/usePage';
import { useDeleteUser, useUpdateUser, useUsers } from './api';
import { EditUserForm } from './EditUserForm';
import { detailsOf, failure, fullName, genderLabel, gradeLabel, typeLabel } from './messages';
import styles from './users.module.css';

type Filter = 'all' | 'teacher' | 'data-entry' | 'parent' | 'student' | 'active';

const FILTERS: ReadonlyArray<{
  key: Filter;
  label: string;
  stat: keyof UserStats;
  icon: StatFilterOption<Filter>['icon'];
}> = [
  { key: 'all', label: 'All Users', stat: 'total', icon: Users },
  { key: 'teacher', label: 'Teachers', stat: 'teachers', icon: Presentation },
  { key: 'data-entry', label: 'Data Entry', stat: 'dataEntry', icon: Keyboard },
  { key: 'parent', label: 'Parents', stat: 'parents', icon: BookUser },
  { key: 'student', label: 'Students', stat: 'students', icon: GraduationCap },
  { key: 'active', label: 'Active Users', stat: 'active', icon: CheckCircle2 },
];

function queryFor(filter: Filter, q: string, page: number): UsersQuery {
  return {
    page,
    limit: USERS_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(filter === 'active' ? { status: 'active' as const } : filter === 'all' ? {} : { type: filter as UserType }),
  };
}

/** Manage users: stat cards as filters, search, the paged table with its expandable rows. */
export default function ManageUsersPage() {
  const { user: me } = useAuth();
  const notify = useNotify();
  const [filter, setFilter] = useState<Filter>('all');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const { page, setPage, firstPageAfter } = usePage();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const users = useUsers(queryFor(filter, q, page));
  const update = useUpdateUser();
  const remove = useDeleteUser();

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, setPage]);

  const { error: notifyError } = notify;
  useEffect(() => {
    if (users.isError) notifyError(failure(USER_MESSAGES.fetchFailed, users.error));
  }, [users.isError, users.error, notifyError]);

  const toggleStatus = async (u: AdminUser) => {
    setToggling(u.id);
    try {
      await update.mutateAsync({ id: u.id, body: { status: u.status === 'active' ? 'inactive' : 'active' } });
      notify.success(USER_MESSAGES.updated);
    } catch (error) {
      notify.error(failure(USER_MESSAGES.updateFailed, error));
    } finally {
      setToggling(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(USER_MESSAGES.deleted);
      // The page refetches with its paging; deleting the last row of the last page steps back one page.
      if (users.data?.users.length === 1 && page > 1) setPage(page - 1);
      setExpanded((keys) => keys.filter((k) => k !== deleting.id));
    } catch (error) {
      notify.error(failure(USER_MESSAGES.deleteFailed, error));
    } finally {
      setDeleting(null);
    }
  };

  const columns: Array<Column<AdminUser>> = [
    {
      header: 'Name',
      cell: (u, state) => (
        <RowToggle state={state}>
          <span className={styles.name}>{fullName(u)}</span>
        </RowToggle>
      ),
    },
    { header: 'Email', cell: (u) => <span className={styles.email}>{u.email}</span> },
    {
      header: 'Type',
      cell: (u) => (
        <span className={`${styles.badge} ${styles[`type_${u.type.replace('-', '')}`] ?? ''}`}>{typeLabel(u)}</span>
      ),
    },
    { header: 'Phone', cell: (u) => u.phone_number ?? '—', hideWhenNarrow: true },
    {
      header: 'Details',
      cell: (u) => <span className={styles.details}>{detailsOf(u) || '—'}</span>,
      hideWhenNarrow: true,
    },
    {
      header: 'Status',
      cell: (u) => (
        <span className={`${styles.status} ${u.status === 'active' ? styles.active : styles.inactive}`}>
          {u.status === 'active' ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      header: 'Actions',
      interactive: true,
      cell: (u) => (
        <Button
          size="sm"
          variant={u.status === 'active' ? 'secondary' : 'primary'}
          disabled={toggling === u.id || u.id === me?.id}
          title={u.id === me?.id ? USER_MESSAGES.notSelf : undefined}
          aria-label={`${u.status === 'active' ? 'Deactivate' : 'Activate'} ${fullName(u)}`}
          onClick={() => void toggleStatus(u)}
        >
          {u.status === 'active' ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    },
  ];

  const detail = (u: AdminUser) =>
    editing === u.id ? (
      <EditUserForm
        user={u}
        onCancel={() => setEditing(null)}
        onFailure={(error) => notify.error(failure(USER_MESSAGES.updateFailed, error))}
        onSave={async (values) => {
          await update.mutateAsync({ id: u.id, body: values });
          notify.success(USER_MESSAGES.updated);
          setEditing(null);
        }}
      />
    ) : (
      <div className={styles.detail}>
        <dl className={styles.facts}>
          <Fact term="Email" value={u.email} />
          <Fact term="Phone" value={u.phone_number} />
          {u.type === 'teacher' ? <Fact term="Specialization" value={u.specialization} /> : null}
          {u.type === 'student' ? (
            <>
              <Fact term="Grade" value={gradeLabel(u.grade)} />
              <Fact term="School" value={u.school} />
              <Fact term="Gender" value={genderLabel(u.gender)} />
              <Fact term="Date of birth" value={u.date_of_birth} />
            </>
          ) : null}
          <Fact term="Address" value={u.address} />
          <Fact term="Department" value={u.department} />
          {u.type === 'teacher' || u.type === 'parent' ? (
            <Fact
              term={u.type === 'parent' ? 'Children' : 'Students'}
              value={u.students.map((s) => s.name).join(', ')}
            />
          ) : null}
          {u.type === 'parent' && u.student_name ? (
            <Fact
              term="Child without an account"
              value={[u.student_name, gradeLabel(u.student_grade)].filter(Boolean).join(', ')}
            />
          ) : null}
          <Fact
            term="Registered"
            value={new Date(u.created_at).toLocaleDateString('en-US', {
              year: 'numeric',
              month: 'short',
              day: 'numeric',
            })}
          />
        </dl>
        <div className={styles.formActions}>
          <Button size="sm" onClick={() => setEditing(u.id)} icon={Pencil}>
            Edit Information
          </Button>
          <Button size="sm" variant="danger" disabled={u.id === me?.id} onClick={() => setDeleting(u)} icon={Trash2}>
            Delete User
          </Button>
        </div>
      </div>
    );

  const data = users.data;
  return (
    <PageFrame eyebrow="Administration" title="Manage Users">
      <Toast notice={notify.notice} />
      {data ? (
        <StatFilter
          label="Filter users"
          selected={filter}
          onSelect={firstPageAfter<Filter>(setFilter)}
          options={FILTERS.map((f) => ({ key: f.key, label: f.label, icon: f.icon, value: data.stats[f.stat] }))}
        />
      ) : null}
      <div className={styles.controls}>
        <SearchBox
          label="Search users by email, type, phone or name"
          placeholder="Search by email, type, phone or name"
          value={typed}
          onChange={setTyped}
        />
      </div>
      {users.isPending ? (
        <PageState kind="loading" title="Loading users..." />
      ) : !data ? (
        <PageState
          kind="error"
          title={USER_MESSAGES.fetchFailed}
          action={<Button onClick={() => void users.refetch()}>Try Again</Button>}
        />
      ) : data.users.length === 0 ? (
        <EmptyState
          title="No users found"
          text={
            q || filter !== 'all'
              ? 'No user matches this filter or search.'
              : 'Register the first users from Register Users.'
          }
        />
      ) : (
        <div className={users.isPlaceholderData ? styles.stale : undefined} aria-busy={users.isFetching}>
          <Table
            label="Users"
            rows={data.users}
            rowKey={(u) => u.id}
            columns={columns}
            expansion={{
              expanded,
              onToggle: (key) =>
                setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key])),
              detail,
            }}
          />
          <Pagination
            page={page}
            pageSize={USERS_PAGE_SIZE}
            total={data.pagination.total}
            pageSizes={[USERS_PAGE_SIZE]}
            noun="users"
            onPage={setPage}
            onPageSize={() => undefined}
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting ? fullName(deleting) : 'user'}?`}
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p className={styles.confirmText}>
          This removes the account of <strong>{deleting?.email}</strong> for good: its sign-ins, e-mail codes, links to
          students, parents and teachers, course assignments and answer history.
        </p>
        <p className={styles.confirmText}>
          Courses, units, sections, questions and tests this user wrote are kept, without an author.
        </p>
      </ConfirmDialog>
    </PageFrame>
  );
}

function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
