import { Node } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    columns: {
      /** Inserts a layout of 2, 3 or 4 columns, each starting with an empty paragraph. */
      setColumns: (count: 2 | 3 | 4) => ReturnType;
    };
  }
}

/** One column of a layout: any blocks. Stored as `<div data-column>`. */
export const Column = Node.create({
  name: 'column',
  content: 'block+',
  isolating: true,
  parseHTML: () => [{ tag: 'div[data-column]' }],
  renderHTML: () => ['div', { 'data-column': '' }, 0],
});

/** A layout of 2, 3 or 4 columns with a 20px gap. Stored as `<div data-columns="n">`. */
export const Columns = Node.create({
  name: 'columns',
  group: 'block',
  content: 'column{2,4}',
  defining: true,
  addAttributes() {
    return {
      count: {
        default: 2,
        parseHTML: (el) => Math.min(4, Math.max(2, Number(el.getAttribute('data-columns')) || 2)),
        renderHTML: (attrs) => ({ 'data-columns': String(attrs.count) }),
      },
    };
  },
  parseHTML: () => [{ tag: 'div[data-columns]' }],
  renderHTML: ({ HTMLAttributes }) => ['div', HTMLAttributes, 0],
  addCommands() {
    return {
      setColumns:
        (count) =>
        ({ commands }) =>
          commands.insertContent({
            type: this.name,
            attrs: { count },
            content: Array.from({ length: count }, () => ({ type: 'column', content: [{ type: 'paragraph' }] })),
          }),
    };
  },
});
