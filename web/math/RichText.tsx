import { Component, useMemo, type ReactNode } from 'react';
import { FileText } from 'lucide-react';
import { isEmptyContent, renderContent } from './renderContent';
import styles from './RichText.module.css';

export interface RichTextProps {
  /** Stored rich text: HTML sanitized by the server on write, with `$...$` and `$$...$$` math. */
  html: string;
  className?: string;
  /** Inline math at display size: answer options, whose fractions a child must read. */
  large?: boolean;
}

/**
 * The one content renderer, for every stored rich text: KaTeX for the math, the editor's column layouts,
 * an empty state for no content, and 'Content Rendering Error' with the raw content when something fails.
 */
export function RichText({ html, className, large }: RichTextProps) {
  if (isEmptyContent(html)) {
    return (
      <div className={`${styles.empty} ${className ?? ''}`} role="status">
        <FileText size={28} aria-hidden="true" />
        <p className={styles.emptyTitle}>No Content Available</p>
        <p className={styles.emptyText}>This content is empty or hasn&apos;t been created yet.</p>
      </div>
    );
  }
  return (
    <RenderBoundary html={html} key={html}>
      <Rendered html={html} className={className} large={large} />
    </RenderBoundary>
  );
}

function Rendered({ html, className, large = false }: RichTextProps) {
  const rendered = useMemo(() => renderContent(html, large), [html, large]);
  return <div className={`${styles.content} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: rendered }} />;
}

/** Catches a failure while rendering one piece of content, so the rest of the page keeps working. */
class RenderBoundary extends Component<{ html: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Content rendering failed', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.failure} role="alert">
        <p className={styles.failureTitle}>Content Rendering Error</p>
        <details>
          <summary>Show raw content</summary>
          <pre className={styles.raw}>{this.props.html}</pre>
        </details>
      </div>
    );
  }
}
