/**
 * Renders stored rich text (HTML sanitized by the server on write) with its $...$ math.
 * Placeholder implementation: the course-structure work replaces it with the KaTeX renderer, keeping these props.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
