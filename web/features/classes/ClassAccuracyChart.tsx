/** A class's checks and first-try accuracy per week, its students' days summed by the server. */
import { useQuery } from '@tanstack/react-query';
import { PROGRESS_CHART_MESSAGES as M } from '@common/rules/progress-charts';
import type { ClassAccuracyWeeks } from '@common/schemas/progress-charts';
import { api, errorMessage } from '../../api/client';
import { Chart } from '../../ui/Chart';
import { PageCard } from '../../ui/PageFrame';

const weekLabel = (weekStart: unknown) =>
  new Date(`${String(weekStart)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function ClassAccuracyChart({ classId }: { classId: string }) {
  const weeks = useQuery({
    queryKey: ['classes', classId, 'accuracy-weeks'],
    queryFn: () => api.get<ClassAccuracyWeeks>(`/classes/${classId}/accuracy-weeks`, M.loadFailed).then((r) => r.weeks),
  });
  const last = weeks.data?.at(-1);
  return (
    <PageCard aria-labelledby="class-accuracy-title">
      <h2 id="class-accuracy-title">Accuracy per week</h2>
      {weeks.isPending ? (
        <p role="status">Loading the chart...</p>
      ) : weeks.isError ? (
        <p role="alert">{errorMessage(weeks.error, M.loadFailed)}</p>
      ) : !weeks.data.some((w) => w.checks > 0) ? (
        <p>{M.noAnswers}</p>
      ) : (
        <Chart
          title="The class's checks and first-try accuracy per week"
          summary={`The class's students checked ${weeks.data.reduce((s, w) => s + w.checks, 0)} answers in ${weeks.data.length} weeks; this week ${last?.checks ?? 0}, ${last?.accuracy === null || last === undefined ? 'no first tries' : `${last.accuracy}% right on the first try`}.`}
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
