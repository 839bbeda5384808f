import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssignedStudent } from '@common/schemas/learning';
import {
  RELEASE_MODES,
  TEST_TAKING_MESSAGES as M,
  MAX_STUDENTS_GIVEN_AT_ONCE,
  type ReleaseMode,
} from '@common/rules/test-taking';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { SearchBox } from '../../ui/SearchBox';
import { Table } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { giveTest, resultKeys, useGivenTests, useStudents } from './api';
import { STATUS_TEXT, when } from './format';
import styles from './results.module.css';
import { plural, matchesSearch } from '@common/rules';

/** The student manager's filters: grade bands and the recently joined. */
const BANDS = [
  { value: 'all', label: 'All' },
  { value: '1-5', label: 'Grades 1-5' },
  { value: '6-8', label: 'Grades 6-8' },
  { value: '9-12', label: 'Grades 9-12' },
  { value: 'recent', label: 'Recent (30 days)' },
] as const;
type Band = (typeof BANDS)[number]['value'];

const RELEASE_TEXT: Record<ReleaseMode, string> = {
  'on-submit': 'When each student submits',
  manual: 'When I release them',
};

function inBand(student: AssignedStudent, band: Band, now: number): boolean {
  if (band === 'all') return true;
  if (band === 'recent') return now - Date.parse(student.createdAt) <= 30 * 86_400_000;
  const grade = Number.parseInt(student.grade ?? '', 10);
  const [low, high] = band.split('-').map(Number);
  return grade >= low && grade <= high;
}

const matches = (student: AssignedStudent, term: string) =>
  matchesSearch(term, student.fullName, student.email, student.school, student.grade);

/** A datetime-local value (the device's time zone) as an ISO instant, or null when empty. */
const instant = (local: string) => (local ? new Date(local).toISOString() : null);

export function GiveTestPanel({ testId, role }: { testId: string; role: 'admin' | 'teacher' }) {
  const students = useStudents(role);
  const givenTests = useGivenTests(testId);
  const queryClient = useQueryClient();
  const notice = useNotify();
  const [term, setTerm] = useState('');
  const [band, setBand] = useState<Band>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [release, setRelease] = useState<ReleaseMode>('on-submit');
  const [shuffle, setShuffle] = useState(false);
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => Date.now());

  const shown = useMemo(
    () => (students.data ?? []).filter((s) => inBand(s, band, now) && matches(s, term)),
    [students.data, band, term, now],
  );

  const windowProblem = opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt) ? M.window : undefined;

  const submit = async () => {
    if (chosen.length === 0) return notice.error(M.noStudents);
    if (chosen.length > MAX_STUDENTS_GIVEN_AT_ONCE) return notice.error(M.tooManyStudents);
    if (windowProblem) return notice.error(windowProblem);
    setBusy(true);
    try {
      const reply = await giveTest(testId, {
        studentIds: chosen,
        opensAt: instant(opensAt),
        closesAt: instant(closesAt),
        release,
        shuffle,
      });
      notice.success(reply.message);
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: resultKeys.givenTests(testId) });
      await queryClient.invalidateQueries({ queryKey: resultKeys.results(testId) });
    } catch (error) {
      notice.error(errorMessage(error, 'Failed to assign the test'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.panel}>
      <section className={styles.card} aria-labelledby="give-title">
        <h2 id="give-title" className={styles.cardTitle}>
          Assign to students
        </h2>
        {students.isPending ? (
          <PageState kind="loading" title="Loading students..." />
        ) : students.isError ? (
          <PageState kind="error" title="Failed to load students" text={students.error.message} />
        ) : (
          <>
            <div className={styles.filters}>
              <SearchBox label="Search by name, email, school or grade" value={term} onChange={setTerm} />
              <div className={styles.bands} role="group" aria-label="Filter students">
                {BANDS.map((b) => (
                  <Button
                    key={b.value}
                    size="sm"
                    variant={band === b.value ? 'primary' : 'secondary'}
                    aria-pressed={band === b.value}
                    onClick={() => setBand(b.value)}
                  >
                    {b.label}
                  </Button>
                ))}
              </div>
            </div>
            {shown.length === 0 ? (
              <EmptyState
                title={students.data.length === 0 ? 'No students yet' : 'No students match'}
                text={role === 'teacher' ? 'Only your own students are listed.' : undefined}
              />
            ) : (
              <Table
                label="Students"
                rows={shown}
                rowKey={(s) => s.id}
                selection={{
                  selected: chosen,
                  onChange: setChosen,
                  rowLabel: (s) => `Select ${s.fullName}`,
                  allLabel: 'Select every student shown',
                }}
                columns={[
                  { header: 'Name', cell: (s) => s.fullName },
                  { header: 'Email', cell: (s) => s.email },
                  { header: 'Grade', cell: (s) => s.grade ?? '—' },
                  { header: 'School', cell: (s) => s.school ?? '—', hideWhenNarrow: true },
                ]}
              />
            )}
            <div className={styles.options}>
              <TextField
                label="Opens (optional)"
                type="datetime-local"
                value={opensAt}
                onChange={(e) => setOpensAt(e.target.value)}
              />
              <TextField
                label="Closes (optional)"
                type="datetime-local"
                value={closesAt}
                error={windowProblem}
                onChange={(e) => setClosesAt(e.target.value)}
              />
              <fieldset className={styles.release}>
                <legend>Results reach students</legend>
                {RELEASE_MODES.map((mode) => (
                  <label key={mode}>
                    <input
                      type="radio"
                      name="release"
                      value={mode}
                      checked={release === mode}
                      onChange={() => setRelease(mode)}
                    />{' '}
                    {RELEASE_TEXT[mode]}
                  </label>
                ))}
              </fieldset>
              <label className={styles.check}>
                <input type="checkbox" checked={shuffle} onChange={(e) => setShuffle(e.target.checked)} /> Shuffle the
                question order for each student
              </label>
            </div>
            <div className={styles.actions}>
              <Button onClick={() => void submit()} disabled={busy}>
                {busy ? 'Assigning...' : `Assign to ${plural(chosen.length, 'student')}`}
              </Button>
              <Toast notice={notice.notice} />
            </div>
          </>
        )}
      </section>

      <section className={styles.card} aria-labelledby="current-title">
        <h2 id="current-title" className={styles.cardTitle}>
          Current assignments
        </h2>
        {givenTests.isPending ? (
          <PageState kind="loading" title="Loading assignments..." />
        ) : givenTests.isError ? (
          <PageState kind="error" title="Failed to load the assignments" text={givenTests.error.message} />
        ) : givenTests.data.length === 0 ? (
          <EmptyState title="Not assigned yet" text="Choose students above to give them this test." />
        ) : (
          <Table
            label="Current assignments"
            rows={givenTests.data}
            rowKey={(a) => a.id}
            columns={[
              { header: 'Student', cell: (a) => a.studentName },
              { header: 'Status', cell: (a) => STATUS_TEXT[a.status] },
              { header: 'Opens', cell: (a) => when(a.opensAt), hideWhenNarrow: true },
              { header: 'Closes', cell: (a) => when(a.closesAt), hideWhenNarrow: true },
              {
                header: 'Release',
                cell: (a) => (a.release === 'on-submit' ? 'On submit' : a.releasedAt ? 'Released' : 'Manual'),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
