import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Selection } from '@tiptap/pm/state';
import type { CaretHandover, RichTextEditorProps } from '../RichTextEditor';
import { Column, Columns } from './Columns';
import { markMath, plainTextToHtml } from './markup';
import { MathNode, type MathAttrs } from './MathNode';
import { Panel, type PanelState } from './Panel';
import { Toolbar } from './Toolbar';
import styles from './Editor.module.css';

/** What an empty editor gives back: stored as an empty string, which the renderer shows as "No Content Available". */
const EMPTY = /^(<p><\/p>)*$/;

/** The TipTap editor behind RichTextEditor (loaded only when an editor is on screen). */
export default function Editor({
  label,
  value,
  onChange,
  height = 200,
  placeholder,
  error,
  caretRef,
}: RichTextEditorProps & { caretRef?: CaretHandover }) {
  const labelId = useId();
  const errorId = useId();
  const [panel, setPanel] = useState<PanelState | null>(null);
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['mailto'], autolink: true },
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
      Columns,
      Column,
      MathNode.configure({ onEdit: (pos, attrs) => setPanel({ kind: 'math', pos, ...attrs }) }),
    ],
    content: markMath(value),
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(placeholder ? { 'data-placeholder': placeholder } : {}),
        class: styles.prose,
        // The text fills the scroll box (so a click anywhere in it lands in the editor) without overflowing it: the
        // box is \`height\` tall including its vertical padding, which the text must leave room for.
        style: `min-height:calc(${height}px - 2 * var(--space-3))`,
      },
      // Pasted dollar math stays math, from web pages and from plain text alike.
      transformPastedHTML: (html) => markMath(html),
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain') ?? '';
        const html = event.clipboardData?.getData('text/html') ?? '';
        if (html || !text.includes('$')) return false;
        editorRef.current?.commands.insertContent(plainTextToHtml(text));
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      const next = EMPTY.test(html) ? '' : html;
      lastEmitted.current = next;
      onChangeRef.current(next);
    },
  });
  const editorRef = useRef<TiptapEditor | null>(null);
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // A value set from outside (a form reset, another record) replaces the content; our own echoes do not.
  useEffect(() => {
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(markMath(value), { emitUpdate: false });
    }
  }, [editor, value]);

  // The stand-in had the focus while this loaded: take it at the same place, before the browser handles another key
  // (TipTap's own focus command waits a frame). An editor React makes and drops at once leaves it to the next one.
  useLayoutEffect(() => {
    if (!editor || caretRef?.current == null || !editor.view.dom.isConnected) return;
    editor.commands.setTextSelection(positionAfterCharacters(editor, caretRef.current));
    editor.view.focus();
    const handedTo = editor;
    window.setTimeout(() => {
      if (!handedTo.isDestroyed && caretRef) caretRef.current = null;
    });
  }, [editor, caretRef]);

  const isEmpty = useEditorState({ editor, selector: ({ editor: e }) => e?.isEmpty ?? true });

  const applyMath = (attrs: MathAttrs, pos?: number) => {
    if (!editor) return;
    const chain = editor.chain().focus();
    if (pos !== undefined) chain.setNodeSelection(pos);
    chain.setMath(attrs).run();
  };

  return (
    <div className={styles.editor}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={`${styles.frame} ${error ? styles.invalid : ''}`}>
        {editor ? <Toolbar editor={editor} openPanel={setPanel} /> : null}
        {panel && editor ? (
          <Panel
            state={panel}
            onClose={() => {
              setPanel(null);
              editor.commands.focus();
            }}
            onMath={(attrs, pos) => {
              applyMath(attrs, pos);
              setPanel(null);
            }}
            onLink={(href) => {
              const chain = editor.chain().focus().extendMarkRange('link');
              (href ? chain.setLink({ href }) : chain.unsetLink()).run();
              setPanel(null);
            }}
            onImage={(src, alt) => {
              editor.chain().focus().setImage({ src, alt }).run();
              setPanel(null);
            }}
          />
        ) : null}
        <div className={styles.scroll} style={{ height }}>
          {isEmpty && placeholder ? (
            <p className={styles.placeholder} aria-hidden="true">
              {placeholder}
            </p>
          ) : null}
          <EditorContent editor={editor} />
        </div>
      </div>
      <p className={styles.hint}>
        Type math between dollar signs: <code>$\frac{'{1}{2}'}$</code> inline, <code>$$x^2$$</code> on its own line.
      </p>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The document position after the first `count` characters of text, counting a math node as its dollar text (as the
 * stand-in showed it); the end when the text is shorter.
 */
function positionAfterCharacters(editor: TiptapEditor, count: number): number {
  let left = count;
  let found: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found !== null) return false;
    const text = node.isText
      ? (node.text ?? '')
      : node.type.name === MathNode.name
        ? mathText(node.attrs as MathAttrs)
        : null;
    if (text === null) return true;
    if (left <= text.length) found = node.isText ? pos + left : pos + node.nodeSize;
    else left -= text.length;
    return false;
  });
  return found ?? Selection.atEnd(editor.state.doc).from;
}

function mathText({ latex, display }: MathAttrs): string {
  return display ? `$$${latex}$$` : `$${latex}$`;
}
