import { useState } from 'react';
import { ClipboardPlus, X } from 'lucide-react';
import { TEST_TAKING_MESSAGES as M, RELEASE_MODES, type ReleaseMode } from '@common/rules/test-taking';
import type { ClassSummary, ClassTest } from '@common/schemas/classes';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectField, TextField } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SearchBox } from '../../ui/SearchBox';
import { Table } from '../../ui/Table';
import type { Notifier } from '../../ui/Toast';
import { useDebounced } from '../../ui/useDebounced';
import { classCalls, useClassChange, useClassTests, useTestOptions } from './api';
import styles from './classes.module.css';

const RELEASE_TEXT: Record<ReleaseMode, string> = {
  'on-submit': 'When each student submits',
  manual: 'When I release them',
};
/** A datetime-local value (the device's time zone) as an ISO instant, or null when empty. */
const instant = (local: string) => (local ? new Date(local).toISOString() : null);
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A class's tests: a saved test given to the class is given to each student of it, and to those who join later. */
export function TestsTab({ cls, notify }: { cls: ClassSummary; notify: Notifier }) {
  const tests = useClassTests(cls.id);
  const { busy, run } = useClassChange(notify);
  const [term, setTerm] = useState('');
  const options = useTestOptions(useDebounced(term, 300));
  const [testId, setTestId] = useState('');
  const [opensAt, setOpensAt] = useState('');
  const [closesAt, setClosesAt] = useState('');
  const [release, setRelease] = useState<ReleaseMode>('on-submit');
  const [shuffle, setShuffle] = useState(false);
  const [taking, setTaking] = useState<ClassTest | null>(null);
  const windowProblem = opensAt && closesAt && Date.parse(closesAt) <= Date.parse(opensAt) ? M.window : undefined;

  const give = async () => {
    if (windowProblem) return notify.error(windowProblem);
    const ok = await run(
      () =>
        classCalls.giveTest(cls.id, {
          testId,
          opensAt: instant(opensAt),
          closesAt: instant(closesAt),
          release,
          shuffle,
        }),
      'Failed to give the test',
    );
    if (ok) setTestId('');
  };

  return (
    <div className={styles.panel}>
      <PageCard aria-labelledby="give-test">
        <h2 id="give-test" className={styles.cardTitle}>
          Give a saved test
        </h2>
        <p className={styles.muted}>Each student of the class gets the test, and so does anyone who joins later.</p>
        <div className={styles.testForm}>
          <SearchBox label="Search saved tests" value={term} onChange={setTerm} className={styles.testSearch} />
          <SelectField
            label="Saved test"
            placeholder={options.isPending ? 'Loading tests...' : 'Choose a test'}
            options={(options.data?.tests ?? []).map((t) => ({ value: t.id, label: t.name }))}
            value={testId}
            onChange={(e) => setTestId(e.target.value)}
          />
          <TextField label="Opens" type="datetime-local" value={opensAt} onChange={(e) => setOpensAt(e.target.value)} />
          <TextField
            label="Closes"
            type="datetime-local"
            value={closesAt}
            error={windowProblem}
            onChange={(e) => setClosesAt(e.target.value)}
          />
          <SelectField
            label="Results shown"
            options={RELEASE_MODES.map((m) => ({ value: m, label: RELEASE_TEXT[m] }))}
            value={release}
            onChange={(e) => setRelease(e.target.value as ReleaseMode)}
          />
          <label className={styles.check}>
            <input type="checkbox" checked={shuffle} onChange={(e) => setShuffle(e.target.checked)} /> Shuffle the
            questions for each student
          </label>
          <Button icon={ClipboardPlus} disabled={busy || !testId} onClick={() => void give()}>
            Give test
          </Button>
        </div>
      </PageCard>
      <PageCard aria-labelledby="class-tests">
        <h2 id="class-tests" className={styles.cardTitle}>
          Tests given to the class
        </h2>
        {tests.isPending ? (
          <PageState kind="loading" title="Loading tests..." />
        ) : tests.isError ? (
          <PageState kind="error" title="Failed to load the tests" text={tests.error.message} />
        ) : tests.data.length === 0 ? (
          <EmptyState title="No tests yet" text="Give the class a saved test above." />
        ) : (
          <Table
            label="Tests given to the class"
            rows={tests.data}
            rowKey={(t) => t.testId}
            columns={[
              { header: 'Test', cell: (t) => t.name },
              { header: 'Opens', hideWhenNarrow: true, cell: (t) => when(t.opensAt) },
              { header: 'Closes', cell: (t) => when(t.closesAt) },
              { header: 'Results', hideWhenNarrow: true, cell: (t) => RELEASE_TEXT[t.release] },
              { header: 'Started', cell: (t) => `${t.started} of ${t.given}` },
              {
                header: 'Actions',
                interactive: true,
                cell: (t) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={X}
                    aria-label={`Take back ${t.name}`}
                    onClick={() => setTaking(t)}
                  >
                    Take back
                  </Button>
                ),
              },
            ]}
          />
        )}
      </PageCard>
      <ConfirmDialog
        open={taking !== null}
        title="Take the test back?"
        confirmLabel="Take back"
        busyLabel="Taking back..."
        busy={busy}
        onCancel={() => setTaking(null)}
        onConfirm={() =>
          void run(async () => {
            const reply = await classCalls.takeTest(cls.id, taking!.testId);
            setTaking(null);
            return reply;
          }, 'Failed to take the test back')
        }
      >
        <p>Students who have not started {taking?.name} lose it; those who started keep their sitting.</p>
      </ConfirmDialog>
    </div>
  );
}
