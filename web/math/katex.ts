import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * KaTeX with the academy's settings: no \href or \includegraphics (trust off), a bounded macro expansion,
 * and an error that is reported rather than thrown so one bad formula never breaks a page.
 */
export function renderLatex(latex: string, display: boolean): { html: string } | { error: string } {
  try {
    return { html: katex.renderToString(latex, { displayMode: display, throwOnError: true, trust: false, strict: 'ignore', maxExpand: 500, maxSize: 20 }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message.replace(/^KaTeX parse error: /, '') : String(error) };
  }
}
