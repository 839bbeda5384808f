/** Plain text (an accepted answer, what a student types) made safe to hand to the rich-text renderer, so its math renders and nothing else does. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
