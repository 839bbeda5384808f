import type { ExchangePreviewItem } from '@common/schemas/exchange';
import { plural } from '@common/rules';

/** The import page's words, shared with its tests. */
export const IMPORT_TEXTS = {
  title: 'Import questions',
  fileLabel: 'File to import',
  fileHint: 'Moodle XML (.xml), GIFT (.gift or .txt) or a QTI 3.0 package (.zip), up to 20 MB.',
  formatLabel: 'Format',
  detect: 'Detect from the file',
  preview: 'Preview',
  reading: 'Reading the file…',
  importing: 'Importing the questions…',
  sending: (percent: number) => `Sending the file: ${percent}%`,
  empty: 'This file holds no questions.',
  tickAll: 'Tick all',
  untickAll: 'Untick all',
  importButton: (n: number) => `Import ${plural(n, 'question')}`,
} as const;

/** How many questions can come in and how many cannot, in one sentence. */
export function previewSummary(items: readonly ExchangePreviewItem[]): string {
  const ok = items.filter((item) => item.ok).length;
  const refused = items.length - ok;
  if (ok === 0) return `None of the ${plural(refused, 'question')} in this file can be imported.`;
  return refused === 0
    ? `${plural(ok, 'question')} can be imported.`
    : `${plural(ok, 'question')} can be imported; ${refused} cannot.`;
}
