import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { escapeHtml } from '../../lib/mail';

/**
 * The labels' one font, the sans serif that ships with the math renderer: the same on every machine (one without
 * system fonts drew the bars and no figures), and reading one small file costs a drawing half of what searching the
 * system's fonts did.
 */
const LABEL_FONT_FILE = createRequire(import.meta.url).resolve('katex/dist/fonts/KaTeX_SansSerif-Regular.ttf');
const LABEL_FONT = 'KaTeX_SansSerif';

export interface DayFigure {
  /** A short name of the day, such as "Mon". */
  label: string;
  solved: number;
}

const WIDTH = 560;
const HEIGHT = 220;
const PLOT_TOP = 28;
const PLOT_BOTTOM = 180;

/**
 * The week's questions solved per day as a bar chart, drawn as SVG and rendered to PNG: mail programs show PNG
 * images but not SVG. The figures also stand in the letter's text and in the image's alt text.
 */
export function solvedChartSvg(days: readonly DayFigure[]): string {
  const most = Math.max(1, ...days.map((d) => d.solved));
  const slot = (WIDTH - 40) / Math.max(1, days.length);
  const barWidth = Math.min(48, slot * 0.6);
  const bars = days
    .map((day, index) => {
      const height = Math.round(((PLOT_BOTTOM - PLOT_TOP) * day.solved) / most);
      const x = 20 + slot * index + (slot - barWidth) / 2;
      const y = PLOT_BOTTOM - height;
      const middle = x + barWidth / 2;
      return `<rect x="${x.toFixed(1)}" y="${y}" width="${barWidth.toFixed(1)}" height="${height}" rx="4" fill="#3b4cca"/>
<text x="${middle.toFixed(1)}" y="${y - 6}" text-anchor="middle" font-size="14" fill="#1b1f3b">${day.solved}</text>
<text x="${middle.toFixed(1)}" y="${PLOT_BOTTOM + 22}" text-anchor="middle" font-size="14" fill="#6b7091">${escapeHtml(day.label)}</text>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${LABEL_FONT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
<line x1="16" y1="${PLOT_BOTTOM}" x2="${WIDTH - 16}" y2="${PLOT_BOTTOM}" stroke="#c9cce0"/>
${bars}
</svg>`;
}

/**
 * The chart as PNG bytes, drawn on resvg's own thread: a drawing takes milliseconds, and on the event loop it held up
 * every request of the server while letters were being built.
 */
export async function solvedChartPng(days: readonly DayFigure[]): Promise<Buffer> {
  const image = await renderAsync(solvedChartSvg(days), {
    font: { loadSystemFonts: false, fontFiles: [LABEL_FONT_FILE], defaultFontFamily: LABEL_FONT },
  });
  return image.asPng();
}
