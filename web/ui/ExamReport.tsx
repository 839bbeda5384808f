/**
 * The score report of a released exam-style sitting, the same for the student and their parent: the raw score,
 * an estimate clearly marked as one, the points of each section, the skills with the questions missed, the time
 * spent on each question against the exam's pace, and the sittings of the same exam over time. The report alone;
 * the page around it gives the heading level it sits under.
 */
import { useId } from 'react';
import { plural } from '@common/rules';
import type { ExamReport as Report } from '@common/schemas/exams';
import { Badge, type BadgeTone } from './Badge';
import { Chart } from './Chart';
import { Table } from './Table';
import styles from './ExamReport.module.css';

/** A score as the report writes it: up to two decimals (a quarter point off for a wrong answer). */
const points = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

const OUTCOMES: Record<Report['pace']['questions'][number]['outcome'], { text: string; tone: BadgeTone }> = {
  right: { text: 'Right', tone: 'success' },
  wrong: { text: 'Wrong', tone: 'danger' },
  blank: { text: 'Blank', tone: 'muted' },
};

type SectionRow = Report['sections'][number] & { key: string };
const SECTION_COLUMNS = [
  { header: 'Section', cell: (s: SectionRow) => s.name },
  { header: 'Right', cell: (s: SectionRow) => s.right },
  { header: 'Wrong', cell: (s: SectionRow) => s.wrong },
  { header: 'Blank', cell: (s: SectionRow) => s.blank },
  { header: 'Points', cell: (s: SectionRow) => `${points(s.points)} of ${points(s.maxPoints)}` },
];

type PaceRow = Report['pace']['questions'][number];

export function ExamReport({ report, level = 2 }: { report: Report; level?: 2 | 3 }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const Part = level === 2 ? 'h3' : 'h4';
  const { estimate, pace } = report;
  const paceColumns = [
    { header: 'Question', cell: (q: PaceRow) => q.number },
    {
      header: 'Outcome',
      cell: (q: PaceRow) => <Badge tone={OUTCOMES[q.outcome].tone}>{OUTCOMES[q.outcome].text}</Badge>,
    },
    { header: 'Seconds', cell: (q: PaceRow) => (q.seconds === null ? '—' : q.seconds) },
    ...(pace.secondsPerQuestion === null
      ? []
      : [
          {
            header: 'Against the pace',
            cell: (q: PaceRow) =>
              q.seconds === null ? '—' : q.seconds > pace.secondsPerQuestion! ? 'Slower' : 'Within the pace',
          },
        ]),
  ];
  return (
    <section className={styles.report} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <Heading id={`${id}-title`} className={styles.title}>
          Score report
        </Heading>
        <p className={styles.muted}>
          {report.profile}
          {report.rulesAsOf ? `, rules as of ${report.rulesAsOf}` : ''}
        </p>
      </div>

      <div className={styles.score}>
        <p className={styles.raw}>
          Raw score {points(report.raw)} of {points(report.max)}
        </p>
        <p className={styles.counts}>
          {report.right} right · {report.wrong} wrong · {report.blank} blank
        </p>
      </div>

      {estimate ? (
        <div className={styles.estimate} role="group" aria-labelledby={`${id}-estimate`}>
          <p className={styles.estimateLine} id={`${id}-estimate`}>
            <Badge tone="warning">Estimate</Badge> <strong>{estimate.text}</strong>
          </p>
          {estimate.percentile !== null ? <p>Estimated percentile: {estimate.percentile}</p> : null}
          <p className={styles.note}>{estimate.note}</p>
          {estimate.source ? <p className={styles.source}>Source: {estimate.source}</p> : null}
        </div>
      ) : null}
      {report.accommodations ? <p className={styles.muted}>Accommodations: {report.accommodations}</p> : null}

      <div className={styles.part}>
        <Part className={styles.partTitle}>By section</Part>
        <Table
          label="Points by section"
          rows={report.sections.map((s, i) => ({ ...s, key: String(i) }))}
          rowKey={(s) => s.key}
          columns={SECTION_COLUMNS}
        />
      </div>

      <div className={styles.part}>
        <Part className={styles.partTitle}>By skill</Part>
        {report.skills.length === 0 ? (
          <p className={styles.muted}>No skills are named on this test&apos;s questions.</p>
        ) : (
          <ul className={styles.skills}>
            {report.skills.map((skill) => (
              <li key={skill.name} className={styles.skill}>
                <span className={styles.skillName}>{skill.name}</span>
                <span>
                  {skill.right} of {plural(skill.of, 'question')} right
                </span>
                <span className={styles.muted}>
                  {skill.missed.length ? `Missed: ${skill.missed.join(', ')}` : 'None missed'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className={styles.part}>
        <Part className={styles.partTitle}>Time per question</Part>
        <p className={styles.muted}>
          {pace.secondsPerQuestion === null
            ? 'The exam sets no pace per question.'
            : `Exam pace: about ${Math.round(pace.secondsPerQuestion)} s a question`}
        </p>
        <Table label="Time per question" rows={pace.questions} rowKey={(q) => String(q.number)} columns={paceColumns} />
      </div>

      <div className={styles.part}>
        <Part className={styles.partTitle}>Sittings of {report.profile}</Part>
        <Earlier report={report} />
      </div>
    </section>
  );
}

/** The released sittings of the same exam, oldest first: a chart (with its figures) from two on. */
function Earlier({ report }: { report: Report }) {
  const sittings = report.earlier;
  if (sittings.length < 2)
    return (
      <p className={styles.muted}>
        This is the first released sitting of {report.profile}; later ones will show here as a chart.
      </p>
    );
  const first = sittings[0];
  const latest = sittings[sittings.length - 1];
  return (
    <Chart
      title={`Raw scores on ${report.profile} over time`}
      summary={`${plural(sittings.length, 'sitting')}: the first ${points(first.raw)} of ${points(first.max)} on ${day(first.submittedAt)}, the latest ${points(latest.raw)} of ${points(latest.max)} on ${day(latest.submittedAt)}.`}
      rows={sittings.map((s) => ({ submitted: day(s.submittedAt), raw: s.raw, max: s.max }))}
      x={{ key: 'submitted', label: 'Submitted' }}
      series={[
        { key: 'raw', label: 'Raw score', kind: 'line' },
        { key: 'max', label: 'Highest possible', kind: 'line' },
      ]}
    />
  );
}
