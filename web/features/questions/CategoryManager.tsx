import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { Tag } from '@common/schemas/questions';
import { errorMessage } from '../../api/client';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { useAddTag, useDeleteTag, useTags, type TagKind } from './api';
import { SkillsManager } from './SkillsManager';
import { CATEGORY_MESSAGE_MS, MESSAGES } from './messages';
import styles from './questions.module.css';

const WORDS: Record<TagKind, { title: string; one: string; added: string; addFailed: string; deleteFailed: string }> = {
  category: {
    title: 'Categories',
    one: 'category',
    added: MESSAGES.categoryAdded,
    addFailed: MESSAGES.categoryAddFailed,
    deleteFailed: MESSAGES.categoryDeleteFailed,
  },
  focus: {
    title: 'Focus Areas',
    one: 'focus area',
    added: MESSAGES.focusAdded,
    addFailed: MESSAGES.focusAddFailed,
    deleteFailed: MESSAGES.focusDeleteFailed,
  },
};

/** One column of the manager: add (non-blank), search and delete, with messages that clear after 3 s. */
function TagColumn({ kind }: { kind: TagKind }) {
  const words = WORDS[kind];
  const tags = useTags(kind);
  const add = useAddTag(kind);
  const remove = useDeleteTag(kind);
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { notice, notify } = useNotify(CATEGORY_MESSAGE_MS);
  const needle = search.trim().toLowerCase();
  const shown = (tags.data ?? []).filter((t) => t.name.toLowerCase().includes(needle));

  const submit = async () => {
    try {
      await add.mutateAsync(name.trim());
      setName('');
      notify('success', words.added);
    } catch (error) {
      notify('error', errorMessage(error, words.addFailed));
    }
  };
  const confirmDelete = async (tag: Tag) => {
    setDeleting(null);
    try {
      notify('success', (await remove.mutateAsync(tag.id)).message);
    } catch (error) {
      notify('error', errorMessage(error, words.deleteFailed));
    }
  };

  return (
    <section className={styles.tagColumn} aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{words.title}</h2>
      <Toast notice={notice} />
      <form
        className={styles.addRow}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label={`New ${words.one}`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={!name.trim() || add.isPending} icon={Plus}>
          Add
        </Button>
      </form>
      <TextField
        label={`Search ${words.title.toLowerCase()}`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {tags.isError ? (
        <PageState kind="error" title={MESSAGES.tagsLoadFailed} />
      ) : tags.isPending ? (
        <PageState kind="loading" title={`Loading ${words.title.toLowerCase()}...`} />
      ) : shown.length === 0 ? (
        <p className={styles.emptyNote}>
          {needle
            ? `No ${words.title.toLowerCase()} match "${search.trim()}".`
            : `No ${words.title.toLowerCase()} yet. Add the first one above.`}
        </p>
      ) : (
        <ul className={styles.tagList}>
          {shown.map((t) => (
            <li key={t.id}>
              <span>{t.name}</span>
              <Button
                size="sm"
                variant="ghost"
                className={styles.dangerText}
                aria-label={`Delete ${t.name}`}
                onClick={() => setDeleting(t)}
                icon={Trash2}
              ></Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${words.one}?`}
        confirmLabel="Delete"
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? `"${deleting.name}" will be deleted. A ${words.one} still used by questions is kept.` : ''}
      </ConfirmDialog>
    </section>
  );
}

/** The Manage Categories tab: categories and focus areas side by side, and below them the skills made of them. */
export function CategoryManager() {
  return (
    <div className={styles.managerParts}>
      <div className={styles.tagColumns}>
        <TagColumn kind="category" />
        <TagColumn kind="focus" />
      </div>
      <SkillsManager />
    </div>
  );
}
