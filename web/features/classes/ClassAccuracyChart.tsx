/** A class's checks and first-try accuracy per week, its students' days summed by the server. */
import { useQuery } from '@tanstack/react-query';
import { plural } from '@common/rules';
import { PROGRESS_CHART_MESSAGES as M, weekLabel } from '@common/rules/progress-charts';
import type { ClassAccuracyWeeks } from '@common/schemas/progress-charts';
import { api } from '../../api/client';
import { Chart } from '../../ui/Chart';
import { QueryStates } from '../../ui/QueryStates';
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
      <QueryStates
        compact
        query={weeks}
        loading="Loading the chart..."
        failed={M.loadFailed}
        empty={{ when: (data) => !data.some((w) => w.checks > 0), title: M.noAnswers }}
      >
        {(data) => (
          <Chart
            title="The class's checks and first-try accuracy per week"
            summary={accuracySummary(data)}
            rows={data}
            x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
            series={[
              { key: 'checks', label: 'Answers checked' },
              { key: 'accuracy', label: 'First-try accuracy', kind: 'line', unit: '%', rightAxis: true },
            ]}
          />
        )}
      </QueryStates>
    </PageCard>
  );
}
