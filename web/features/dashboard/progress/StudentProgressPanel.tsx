/**
 * A student's three progress charts, their target and their skills: on the student's Progress section and the
 * parent's reports.
 */
import { useState, type FormEvent } from 'react';
import { plural } from '@common/rules';
import { CHART_LEVELS, PROGRESS_CHART_MESSAGES as M, TARGET_RANGE, weekLabel } from '@common/rules/progress-charts';
import type { StudentProgressCharts } from '@common/schemas/progress-charts';
import { errorMessage } from '../../../api/client';
import type { SkillsReader } from '../../../api/mastery';
import { useAuth } from '../../../auth/AuthProvider';
import { Button } from '../../../ui/Button';
import { Chart } from '../../../ui/Chart';
import { TextField } from '../../../ui/Field';
import { PageFrame } from '../../../ui/PageFrame';
import { QueryStates } from '../../../ui/QueryStates';
import { SkillList } from '../../../ui/SkillList';
import { useSetTarget, useStudentCharts } from './api';
import { weeksSummary } from './format';
import styles from './progress.module.css';

/** `reader`: whose view it is, which picks the route the skills are read by. */
export function StudentProgressPanel({
  studentId,
  who,
  reader,
}: {
  studentId: string;
  who: string;
  reader: SkillsReader;
}) {
  return (
    <div className={styles.panels}>
      <ChartsOrState studentId={studentId} who={who} />
      <section className={styles.panel} aria-labelledby={`skill-list-${studentId}`}>
        <h2 id={`skill-list-${studentId}`}>Skills</h2>
        <SkillList studentId={studentId} reader={reader} labelledBy={`skill-list-${studentId}`} />
      </section>
    </div>
  );
}

// The skills are read apart from the charts: one failing leaves the other in view.
function ChartsOrState({ studentId, who }: { studentId: string; who: string }) {
  const charts = useStudentCharts(studentId);
  return (
    <QueryStates query={charts} loading="Loading the progress charts..." failed={M.loadFailed}>
      {(data) => <Charts studentId={studentId} who={who} charts={data} />}
    </QueryStates>
  );
}

function Charts({ studentId, who, charts }: { studentId: string; who: string; charts: StudentProgressCharts }) {
  const answered = charts.weeks.some((w) => w.checks > 0);
  const leveled = charts.skillLevels.some((w) => w.attempted + w.familiar + w.proficient + w.mastered > 0);
  const target = charts.targetPercent;
  return (
    <div className={styles.panels}>
      <section className={styles.panel} aria-labelledby={`weekly-${studentId}`}>
        <h2 id={`weekly-${studentId}`}>Questions solved per week</h2>
        {answered ? (
          <Chart
            title="Questions solved and first-try accuracy per week"
            summary={weeksSummary(charts.weeks, who)}
            rows={charts.weeks}
            x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
            series={[
              { key: 'solved', label: 'Questions solved' },
              { key: 'accuracy', label: 'First-try accuracy', kind: 'line', unit: '%', rightAxis: true },
            ]}
          />
        ) : (
          <p className={styles.muted}>{M.noAnswers}</p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby={`skills-${studentId}`}>
        <h2 id={`skills-${studentId}`}>Skills by level</h2>
        {leveled ? (
          <Chart
            title="Skills at each level, week by week"
            summary={levelsSummary(charts)}
            rows={charts.skillLevels}
            x={{ key: 'weekStart', label: 'Week of', format: weekLabel }}
            series={CHART_LEVELS.map((l) => ({ key: l.key, label: l.label, stack: 'levels' }))}
          />
        ) : (
          <p className={styles.muted}>{M.noSkills}</p>
        )}
      </section>
      <section className={styles.panel} aria-labelledby={`tests-${studentId}`}>
        <h2 id={`tests-${studentId}`}>Test scores</h2>
        <p className={styles.muted}>{target === null ? 'No target set.' : `Target: ${target}%`}</p>
        {charts.tests.length ? (
          <Chart
            title="Test scores over time"
            summary={`${plural(charts.tests.length, 'test score')}; the latest ${charts.tests.at(-1)!.percent}%.`}
            rows={charts.tests}
            x={{ key: 'title', label: 'Test' }}
            series={[{ key: 'percent', label: 'Score', kind: 'line', unit: '%' }]}
            target={target === null ? undefined : { value: target, label: 'Target', unit: '%' }}
          />
        ) : (
          <p className={styles.muted}>{M.noTests}</p>
        )}
        {charts.maySetTarget ? <TargetForm studentId={studentId} current={target} /> : null}
      </section>
    </div>
  );
}

function levelsSummary(charts: StudentProgressCharts): string {
  const last = charts.skillLevels.at(-1);
  if (!last) return '';
  return `This week: ${CHART_LEVELS.map((l) => `${last[l.key]} ${l.label.toLowerCase()}`).join(', ')}.`;
}

function TargetForm({ studentId, current }: { studentId: string; current: number | null }) {
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const save = useSetTarget(studentId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const targetPercent = Number(value);
    if (!/^\d+$/.test(value.trim()) || targetPercent < TARGET_RANGE.min || targetPercent > TARGET_RANGE.max) {
      setError(M.targetRange);
      return;
    }
    setError(undefined);
    save.mutate(
      { targetPercent },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => setError(errorMessage(e, M.saveTargetFailed)),
      },
    );
  };
  return (
    <form className={styles.targetForm} onSubmit={submit} noValidate>
      <TextField
        label="Target score (%)"
        inputMode="numeric"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setSaved(false);
        }}
        error={error}
      />
      <Button type="submit" variant="secondary" aria-disabled={save.isPending}>
        Save target
      </Button>
      {saved ? (
        <p role="status" className={styles.muted}>
          {M.targetSaved}
        </p>
      ) : null}
    </form>
  );
}

/** The student's own Progress section of the dashboard. */
export default function StudentProgress() {
  const { user } = useAuth();
  return (
    <PageFrame title="Progress" lead="Your questions, skills and test scores, week by week.">
      {user ? <StudentProgressPanel studentId={user.id} who="You" reader="student" /> : null}
    </PageFrame>
  );
}
