/** A class's checks and first-try accuracy per week, its students' days summed by the server. */
import { useQuery } from '@tanstack/react-query';
import { plural } from '@common/rules';
import { PROGRESS_CHART_MESSAGES as M, weekLabel } from '@common/rules/progress-charts';
import type { ClassAccuracyWeeks } from '@common/schemas/progress-charts';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Chart } from '../../ui/Chart';
import { PageState } from '../../ui/PageState';
import { PageCard } from '../../ui/PageFrame';

/** The chart's summary: the class's checks in all and the latest week's figures in words. */
export function accuracySummary(weeks: ClassAccuracyWeeks['weeks']): string {
  const last = weeks.at(-1);
  const total = weeks.reduce((sum, w) => sum + w.checks, 0);
  const accuracy =
    last === undefined || last.accuracy === null ? 'no first tries' : `${last.accuracy}% right on the first try`;
  return `The class's students checked ${plural(total, 'answer')} over ${plural(weeks.length, 'week')}; this week ${last?.checks ?? 0}, ${accuracy}.`;
}

export function ClassAccuracyChart({ classId }: { classId: string }) {
  const weeks = useQuery({
    queryKey: ['classes', classId, 'accuracy-weeks'],
    queryFn: () => api.get<ClassAccuracyWeeks>(`/classes/${classId}/accuracy-weeks`, M.loadFailed).then((r) => r.weeks),
  });
  return (
    <PageCard aria-labelledby="class-accuracy-title">
      <h2 id="class-accuracy-title">Accuracy per week</h2>
      {weeks.isPending ? (
        <PageState compact kind="loading" title="Loading the chart..." />
      ) : weeks.isError ? (
        <PageState
          compact
          kind="error"
          title={errorMessage(weeks.error, M.loadFailed)}
          action={<Button onClick={() => void weeks.refetch()}>Try again</Button>}
        />
      ) : !weeks.data.some((w) => w.checks > 0) ? (
        <PageState compact kind="empty" title={M.noAnswers} />
      ) : (
        <Chart
          title="The class's checks and first-try accuracy per week"
          summary={accuracySummary(weeks.data)}
          rows={weeks.data}
          x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
          series={[
            { key: 'checks', label: 'Answers checked' },
            { key: 'accuracy', label: 'First-try accuracy', kind: 'line', unit: '%', rightAxis: true },
          ]}
        />
      )}
    </PageCard>
  );
}
