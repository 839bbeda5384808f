/**
 * The admin's analytics: active students and checks per day, accuracy by category and grade, enrollments and test
 * results per week, over a range of UTC days and a program kept in the URL (a reload keeps them), with the same
 * figures as a CSV download.
 */
import { useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarCheck, ClipboardCheck, Download, GraduationCap, Target } from 'lucide-react';
import { plural } from '@common/rules';
import { ANALYTICS_MESSAGES as M, dayLabel, resolveRange } from '@common/rules/analytics';
import { OFFERING_PROGRAM_KEYS, OFFERING_PROGRAMS, type OfferingProgram } from '@common/rules/offerings';
import { weekLabel } from '@common/rules/progress-charts';
import type { AnalyticsCategory, AnalyticsReply } from '@common/schemas/analytics';
import { errorMessage } from '../../api/client';
import { Button, ButtonAnchor } from '../../ui/Button';
import { Chart } from '../../ui/Chart';
import { SelectField, TextField } from '../../ui/Field';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { StatCard, StatGrid } from '../../ui/StatCard';
import { Table, type Column } from '../../ui/Table';
import { csvUrl, useAnalytics, type AnalyticsFilters } from './api';
import styles from './analytics.module.css';

const programOptions = OFFERING_PROGRAM_KEYS.map((key) => ({ value: key, label: OFFERING_PROGRAMS[key] }));
const isProgram = (value: string): value is OfferingProgram => value in OFFERING_PROGRAMS;
const number = (n: number) => n.toLocaleString('en-US');
const today = () => new Date().toISOString().slice(0, 10);

const categoryColumns: ReadonlyArray<Column<AnalyticsCategory>> = [
  { header: 'Category', cell: (c) => c.category },
  { header: 'Grade', cell: (c) => c.grade },
  { header: 'Checks', cell: (c) => number(c.checks), hideWhenNarrow: true },
  { header: 'Right', cell: (c) => number(c.correct), hideWhenNarrow: true },
  { header: 'Accuracy', cell: (c) => `${c.accuracy}%` },
];

/** Whether the range holds anything at all to draw. */
const isEmpty = (data: AnalyticsReply) =>
  data.days.every((d) => d.checks === 0) &&
  data.categories.length === 0 &&
  data.enrollments.every((w) => w.enrollments === 0) &&
  data.tests.every((w) => w.sittings === 0);

function Figures({ data }: { data: AnalyticsReply }) {
  const checks = data.days.reduce((sum, d) => sum + d.checks, 0);
  const firstTries = data.days.reduce((sum, d) => sum + d.firstTries, 0);
  const firstRight = data.days.reduce(
    (sum, d) => sum + (d.firstTryAccuracy === null ? 0 : (d.firstTryAccuracy / 100) * d.firstTries),
    0,
  );
  const busiest = data.days.reduce((best, d) => (d.activeStudents > best.activeStudents ? d : best), data.days[0]);
  const last = data.days[data.days.length - 1];
  const enrollments = data.enrollments.reduce((sum, w) => sum + w.enrollments, 0);
  const sittings = data.tests.reduce((sum, w) => sum + w.sittings, 0);
  const scored = data.tests.filter((w) => w.averagePercent !== null);
  const averageScore = sittings
    ? Math.round(scored.reduce((sum, w) => sum + (w.averagePercent ?? 0) * w.sittings, 0) / sittings)
    : null;
  const firstTryAccuracy = firstTries ? Math.round((firstRight / firstTries) * 100) : null;
  return (
    <>
      <StatGrid label="The range in figures">
        <StatCard
          label="Checks"
          value={number(checks)}
          icon={ClipboardCheck}
          hint={firstTryAccuracy === null ? 'No first tries' : `${firstTryAccuracy}% right on the first try`}
        />
        <StatCard
          label={`Checks on ${dayLabel(last.date)}`}
          value={number(last.checks)}
          icon={CalendarCheck}
          hint={`${plural(last.activeStudents, 'student')} active`}
        />
        <StatCard label="Enrollments" value={number(enrollments)} icon={GraduationCap} />
        <StatCard
          label="Test sittings"
          value={number(sittings)}
          icon={Target}
          hint={averageScore === null ? undefined : `${averageScore}% on average`}
        />
      </StatGrid>
      <div className={styles.cards}>
        <PageCard aria-labelledby="analytics-students">
          <h2 id="analytics-students">Active students per day</h2>
          <Chart
            title="Active students per day"
            summary={`Students who checked an answer, per day (UTC); the most on ${dayLabel(busiest.date)}: ${number(busiest.activeStudents)}.`}
            rows={data.days}
            x={{ key: 'date', label: 'Day', format: dayLabel }}
            series={[{ key: 'activeStudents', label: 'Active students' }]}
          />
        </PageCard>
        <PageCard aria-labelledby="analytics-checks">
          <h2 id="analytics-checks">Checks per day</h2>
          <Chart
            title="Checks and first-try accuracy per day"
            summary={`${plural(checks, 'answer')} checked over ${plural(data.days.length, 'day')}, ${firstTryAccuracy === null ? 'no first tries' : `${firstTryAccuracy}% right on the first try`}.`}
            rows={data.days}
            x={{ key: 'date', label: 'Day', format: dayLabel }}
            series={[
              { key: 'checks', label: 'Answers checked' },
              { key: 'firstTryAccuracy', label: 'First-try accuracy', kind: 'line', unit: '%', rightAxis: true },
            ]}
          />
        </PageCard>
        <PageCard aria-labelledby="analytics-categories">
          <h2 id="analytics-categories">Accuracy by category and grade</h2>
          {data.program ? <p className={styles.note}>{M.categoriesNotNarrowed}</p> : null}
          {data.categories.length ? (
            <Table
              label="Accuracy by category and grade"
              rows={data.categories}
              rowKey={(c) => `${c.categoryId}-${c.grade}`}
              columns={categoryColumns}
            />
          ) : (
            <PageState compact kind="empty" title="No checks of categorized questions in this range" />
          )}
        </PageCard>
        <PageCard aria-labelledby="analytics-enrollments">
          <h2 id="analytics-enrollments">Enrollments per week</h2>
          <Chart
            title="Enrollments per week, by status now"
            summary={`${plural(enrollments, 'enrollment')} made in the range, per week (starting Monday), by their status today.`}
            rows={data.enrollments}
            x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
            series={[
              { key: 'active', label: 'Active', stack: 'status' },
              { key: 'pending', label: 'Awaiting payment', stack: 'status' },
              { key: 'cancelled', label: 'Cancelled', stack: 'status' },
              { key: 'refunded', label: 'Refunded', stack: 'status' },
            ]}
          />
        </PageCard>
        <PageCard aria-labelledby="analytics-tests">
          <h2 id="analytics-tests">Test results per week</h2>
          <Chart
            title="Test sittings and average score per week"
            summary={`${plural(sittings, 'scored sitting')} submitted in the range${averageScore === null ? '' : `, ${averageScore}% on average`}.`}
            rows={data.tests}
            x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
            series={[
              { key: 'sittings', label: 'Sittings' },
              { key: 'averagePercent', label: 'Average score', kind: 'line', unit: '%', rightAxis: true },
            ]}
          />
        </PageCard>
      </div>
    </>
  );
}

export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const program = params.get('program') ?? '';
  const filters: AnalyticsFilters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    program: isProgram(program) ? program : '',
  };
  const analytics = useAnalytics(filters);
  const data = analytics.data;
  // Dates being typed that do not make a range yet stay here, with the message, until they do.
  const [draft, setDraft] = useState<{ from: string; to: string; message: string } | null>(null);
  const fallback = resolveRange({}, today());
  const shownFrom = filters.from || data?.from || (fallback.ok ? fallback.from : '');
  const shownTo = filters.to || data?.to || (fallback.ok ? fallback.to : '');
  const from = draft?.from ?? shownFrom;
  const to = draft?.to ?? shownTo;

  // From the address as it is now: a change made just before (a date, then at once the program) may not have been
  // rendered yet, and the search params of the last render would drop it.
  const apply = (next: Partial<AnalyticsFilters>) => {
    const updated = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(next))
      if (value) updated.set(key, value);
      else updated.delete(key);
    setParams(updated, { replace: true });
  };
  const onDate = (key: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { from, to, [key]: event.target.value };
    const judged = next.from && next.to ? resolveRange(next, today()) : ({ ok: false, message: M.dayInvalid } as const);
    if (judged.ok) {
      setDraft(null);
      apply({ from: judged.from, to: judged.to });
    } else setDraft({ ...next, message: judged.message });
  };

  return (
    <PageFrame
      eyebrow="Administration"
      title="Analytics"
      lead="How the academy's students practice, enroll and score. Days are in UTC."
      actions={
        <ButtonAnchor variant="secondary" icon={Download} href={csvUrl(filters)} download>
          Download CSV
        </ButtonAnchor>
      }
    >
      <div className={styles.filters}>
        <TextField label="From" type="date" value={from} max={to || undefined} onChange={onDate('from')} />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={onDate('to')}
          error={draft?.message}
        />
        <SelectField
          label="Program"
          placeholder="All programs"
          options={programOptions}
          value={filters.program}
          onChange={(e) => apply({ program: e.target.value })}
        />
      </div>
      {filters.program ? <p className={styles.note}>{M.programMeaning}</p> : null}
      {analytics.isPending ? (
        <PageState kind="loading" title="Loading the analytics..." />
      ) : analytics.isError && !analytics.isPlaceholderData ? (
        <PageState
          kind="error"
          title={M.loadFailed}
          text={errorMessage(analytics.error, 'Please try again.')}
          action={<Button onClick={() => void analytics.refetch()}>Try again</Button>}
        />
      ) : data && isEmpty(data) ? (
        <PageState kind="empty" title={M.nothingInRange} text={M.nothingInRangeText} />
      ) : data ? (
        <div className={analytics.isPlaceholderData ? styles.stale : undefined} aria-busy={analytics.isFetching}>
          <Figures data={data} />
        </div>
      ) : null}
    </PageFrame>
  );
}
