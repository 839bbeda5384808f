import type { ReactNode } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Columns2,
  Columns3,
  Columns4,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  Sigma,
  SquareFunction,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
  Trash2,
  Underline,
  Undo2,
} from 'lucide-react';
import type { PanelState } from './Panel';
import styles from './Editor.module.css';

/** The formatting toolbar: each button names its action for screen readers and shows whether it is on. */
export function Toolbar({ editor, openPanel }: { editor: Editor; openPanel(state: PanelState): void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (label: string, icon: ReactNode, run: () => void, active?: boolean) => (
    <button
      type="button"
      className={`${styles.tool} ${active ? styles.toolActive : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {icon}
    </button>
  );
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
      <div className={styles.group}>
        {button('Heading', <Heading2 size={18} />, () => chain().toggleHeading({ level: 2 }).run(), state.h2)}
        {button('Subheading', <Heading3 size={18} />, () => chain().toggleHeading({ level: 3 }).run(), state.h3)}
      </div>
      <div className={styles.group}>
        {button('Bold', <Bold size={18} />, () => chain().toggleBold().run(), state.bold)}
        {button('Italic', <Italic size={18} />, () => chain().toggleItalic().run(), state.italic)}
        {button('Underline', <Underline size={18} />, () => chain().toggleUnderline().run(), state.underline)}
      </div>
      <div className={styles.group}>
        {button('Bulleted list', <List size={18} />, () => chain().toggleBulletList().run(), state.bullet)}
        {button('Numbered list', <ListOrdered size={18} />, () => chain().toggleOrderedList().run(), state.ordered)}
      </div>
      <div className={styles.group}>
        {button('Link', <Link2 size={18} />, () => openPanel({ kind: 'link', href: state.linkHref }), state.link)}
        {button('Image', <ImagePlus size={18} />, () => openPanel({ kind: 'image' }))}
        {button(
          'Table',
          <Table size={18} />,
          () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          state.table,
        )}
        {state.table ? (
          <>
            {button('Add row', <TableRowsSplit size={18} />, () => chain().addRowAfter().run())}
            {button('Add column', <TableColumnsSplit size={18} />, () => chain().addColumnAfter().run())}
            {button('Delete table', <Trash2 size={18} />, () => chain().deleteTable().run())}
          </>
        ) : null}
      </div>
      <div className={styles.group}>
        {button('Two columns', <Columns2 size={18} />, () => chain().setColumns(2).run())}
        {button('Three columns', <Columns3 size={18} />, () => chain().setColumns(3).run())}
        {button('Four columns', <Columns4 size={18} />, () => chain().setColumns(4).run())}
      </div>
      <div className={styles.group}>
        {button('Inline math', <Sigma size={18} />, () => openPanel({ kind: 'math', latex: '', display: false }))}
        {button('Display math', <SquareFunction size={18} />, () =>
          openPanel({ kind: 'math', latex: '', display: true }),
        )}
      </div>
      <div className={styles.group}>
        {button('Undo', <Undo2 size={18} />, () => chain().undo().run())}
        {button('Redo', <Redo2 size={18} />, () => chain().redo().run())}
      </div>
    </div>
  );
}
