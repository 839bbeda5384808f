import { escapeHtml, layout, type Mail } from '../../lib/mail';

import type { DayFigure } from './chart';

/** Everything a letter tells a parent about a child's period, read before it is written. */
export interface LetterFacts {
  childName: string;
  /** "week" or "day". */
  periodWord: 'week' | 'day';
  /** As read, such as "November 21 to 27". */
  periodText: string;
  days: DayFigure[];
  minutesActive: number;
  solved: number;
  firstTries: number;
  firstTriesRight: number;
  skillsUp: string[];
  skillsDown: string[];
  tests: Array<{ title: string; percent: number | null }>;
  dueNext: Array<{ title: string; dueText: string }>;
}

/** The one suggestion of a letter: what would help most, from the period's figures. */
export function suggestionFor(facts: LetterFacts): string {
  const name = facts.childName;
  if (facts.solved === 0)
    return `A few short sessions make a difference: ask ${name} to open Practice for ten minutes.`;
  if (facts.skillsDown.length > 0)
    return `${facts.skillsDown[0]} slipped a little: a short review in Practice brings it back.`;
  if (facts.firstTries > 0 && facts.firstTriesRight / facts.firstTries < 0.7)
    return `Encourage ${name} to read each question twice and check the answer before sending it.`;
  if (facts.dueNext.length > 0) return `Next up is ${facts.dueNext[0].title}: starting early keeps the week calm.`;
  return `${name} had a good ${facts.periodWord}: ask them to show you a question they are proud of.`;
}

export const CHART_CID = 'solved-per-day@academy';

/**
 * The letter as a mail: HTML and text, the chart (`chartPng`, from `solvedChartPng(facts.days)`) as an inline PNG, and
 * the one-click unsubscribe headers.
 */
export function letterMail(
  to: string,
  facts: LetterFacts,
  links: { dashboard: string; unsubscribe: string },
  academyName: string,
  chartPng: Buffer,
): Mail {
  const accuracy = facts.firstTries > 0 ? Math.round((100 * facts.firstTriesRight) / facts.firstTries) : null;
  const figures = [
    `Minutes active: ${facts.minutesActive}`,
    `Questions solved: ${facts.solved}`,
    `First-try accuracy: ${accuracy === null ? 'no first tries yet' : `${accuracy}%`}`,
  ];
  const skillLines = [...facts.skillsUp.map((s) => `Up: ${s}`), ...facts.skillsDown.map((s) => `Down: ${s}`)];
  const testLines = facts.tests.map(
    (t) => `${t.title}: ${t.percent === null ? 'score not released yet' : `${t.percent}%`}`,
  );
  const dueLines = facts.dueNext.map((d) => `${d.title}, ${d.dueText}`);
  const suggestion = suggestionFor(facts);
  const chartAlt = `Questions solved per day: ${facts.days.map((d) => `${d.label} ${d.solved}`).join(', ')}`;
  const section = (title: string, lines: string[], none: string) => ({
    text: `${title}\n${lines.length ? lines.map((l) => `- ${l}`).join('\n') : none}`,
    html: `<h2 style="margin:20px 0 8px;font-size:16px">${escapeHtml(title)}</h2>${
      lines.length
        ? `<ul style="margin:0;padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
        : `<p style="margin:0">${escapeHtml(none)}</p>`
    }`,
  });
  const sections = [
    section('Skills that moved', skillLines, 'No skill changed level.'),
    section('Tests', testLines, `No test this ${facts.periodWord}.`),
    section('Due next', dueLines, 'Nothing is due.'),
  ];
  const subject = `${facts.childName}'s ${facts.periodWord} at ${academyName}`;
  const lead = `Here is ${facts.childName}'s ${facts.periodWord} (${facts.periodText}).`;
  return {
    to,
    subject,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments: [{ filename: 'solved-per-day.png', content: chartPng, contentType: 'image/png', cid: CHART_CID }],
    text: [
      lead,
      figures.join('\n'),
      chartAlt,
      ...sections.map((s) => s.text),
      `Suggestion: ${suggestion}`,
      `See more on the dashboard: ${links.dashboard}`,
      `To stop these letters, open: ${links.unsubscribe}`,
      academyName,
    ].join('\n\n'),
    html: layout(
      escapeHtml(subject),
      `<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px">${figures.map(escapeHtml).join('<br>')}</p>
<img src="cid:${CHART_CID}" width="560" style="max-width:100%;height:auto" alt="${escapeHtml(chartAlt)}">
${sections.map((s) => s.html).join('\n')}
<h2 style="margin:20px 0 8px;font-size:16px">One suggestion</h2><p style="margin:0 0 16px">${escapeHtml(suggestion)}</p>
<p style="margin:0"><a href="${escapeHtml(links.dashboard)}">Open the dashboard</a> for the charts and skills.</p>`,
      escapeHtml(academyName),
      `You receive this because you follow ${escapeHtml(facts.childName)} at the academy. <a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a> with one click.`,
    ),
  };
}
