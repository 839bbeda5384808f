import { mergeAttributes, Node, InputRule } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { renderLatex } from '../katex';
import { latexOf } from './markup';
import styles from './Editor.module.css';

export interface MathAttrs {
  latex: string;
  display: boolean;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    math: {
      /** Inserts math, or replaces the selected math node. */
      setMath: (attrs: MathAttrs) => ReturnType;
    };
  }
}

/** Called when a math node is clicked, so the editor can open its LaTeX panel on it. */
export type EditMath = (pos: number, attrs: MathAttrs) => void;

/**
 * Inline (`$...$`) and display (`$$...$$`) math as one atomic node holding its LaTeX. It is stored as
 * `<span data-math="inline|display">$...$</span>`, so saved content is still plain dollar math for the renderer.
 */
export const MathNode = Node.create<{ onEdit: EditMath | null }>({
  name: 'math',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addOptions() {
    return { onEdit: null };
  },

  addAttributes() {
    return {
      latex: { default: '' },
      display: { default: false },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-math]',
        getAttrs: (el) => ({
          latex: latexOf((el as HTMLElement).textContent ?? ''),
          display: (el as HTMLElement).getAttribute('data-math') === 'display',
        }),
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const { latex, display } = node.attrs as MathAttrs;
    return [
      'span',
      mergeAttributes({ 'data-math': display ? 'display' : 'inline' }, stripOwn(HTMLAttributes)),
      display ? `$$${latex}$$` : `$${latex}$`,
    ];
  },

  renderText({ node }) {
    const { latex, display } = node.attrs as MathAttrs;
    return display ? `$$${latex}$$` : `$${latex}$`;
  },

  addCommands() {
    return {
      setMath:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },

  addInputRules() {
    // Typing $$x$$ or $x$ turns the LaTeX into math at once (the closing dollar triggers it).
    return [
      new InputRule({
        find: /\$\$([^$]+)\$\$$/,
        handler: ({ state, range, match }) => {
          state.tr.replaceWith(range.from, range.to, this.type.create({ latex: match[1].trim(), display: true }));
        },
      }),
      new InputRule({
        find: /(?:^|[^$\\])\$([^\s$](?:[^$]*[^\s$])?)\$$/,
        handler: ({ state, range, match }) => {
          const start = range.from + (match[0].startsWith('$') ? 0 : 1);
          state.tr.replaceWith(start, range.to, this.type.create({ latex: match[1], display: false }));
        },
      }),
    ];
  },

  addNodeView() {
    return ReactNodeViewRenderer(MathView);
  },
});

function stripOwn(attrs: Record<string, unknown>) {
  const { latex: _l, display: _d, ...rest } = attrs;
  return rest;
}

function MathView({ node, getPos, extension, selected }: ReactNodeViewProps) {
  const { latex, display } = node.attrs as MathAttrs;
  const rendered = renderLatex(latex, display);
  const onEdit = (extension.options as { onEdit: EditMath | null }).onEdit;
  const open = () => {
    const pos = getPos();
    if (typeof pos === 'number') onEdit?.(pos, { latex, display });
  };
  return (
    <NodeViewWrapper
      as="span"
      className={`${styles.math} ${display ? styles.mathDisplay : ''} ${selected ? styles.mathSelected : ''}`}
    >
      <button
        type="button"
        className={styles.mathButton}
        onClick={open}
        aria-label={`Edit math: ${latex}`}
        title="Edit math"
      >
        {'html' in rendered ? (
          <span dangerouslySetInnerHTML={{ __html: rendered.html }} />
        ) : (
          <span className={styles.mathError}>Math Error: {latex || '(empty)'}</span>
        )}
      </button>
    </NodeViewWrapper>
  );
}
