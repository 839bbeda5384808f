import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * KaTeX with the academy's settings: no \href or \includegraphics (trust off), a bounded macro expansion,
 * and an error that is reported rather than thrown so one bad formula never breaks a page. `large` sets inline math
 * at display size (a fraction as tall as a displayed one), for answer options and answers a child must read.
 */
export function renderLatex(latex: string, display: boolean, large = false): { html: string } | { error: string } {
  try {
    return { html: katex.renderToString(large && !display ? `\\displaystyle ${latex}` : latex, { displayMode: display, throwOnError: true, trust: false, strict: 'ignore', maxExpand: 500, maxSize: 20 }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message.replace(/^KaTeX parse error: /, '') : String(error) };
  }
}
