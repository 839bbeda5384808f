import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * KaTeX with the academy's settings: no \href or \includegraphics (trust off), a bounded macro expansion,
 * and an error that is reported rather than thrown so one bad formula never breaks a page. `large` sets inline math
 * at display size (a fraction as tall as a displayed one), for answer options and answers a child must read.
 */
export function renderLatex(latex: string, display: boolean, large = false): { html: string } | { error: string } {
  try {
    const html = katex.renderToString(latex, {
      displayMode: display || large,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxExpand: 500,
      maxSize: 20,
    });
    return { html: large && !display ? inline(html) : html };
  } catch (error) {
    return { error: error instanceof Error ? error.message.replace(/^KaTeX parse error: /, '') : String(error) };
  }
}

const DISPLAY_BLOCK = '<span class="katex-display">';
/**
 * Display math without its block: the formula keeps display size and its own source (what is copied and read
 * aloud), and sits in the line like inline math.
 */
const inline = (html: string) =>
  html.startsWith(DISPLAY_BLOCK) && html.endsWith('</span>')
    ? html.slice(DISPLAY_BLOCK.length, -'</span>'.length)
    : html;
