import { useState, type ComponentProps } from 'react';
import type { Notifier } from '../../ui/Toast';
import { useCourseDeletePreview, useDeleteLevel } from './api';
import { ConfirmDelete } from './ConfirmDelete';
import { LevelFormModal, type LevelForm } from './LevelFormModal';
import { failureText, successText } from './messages';

/**
 * The add, edit and delete flows of a level's list (courses, a course's units, a unit's sections): what to call
 * from its buttons, and the dialogs to render, which say how it went.
 */
export function useLevelDialogs<T extends { id: string; title: string }, P>({
  level,
  parent,
  notify,
}: {
  level: LevelForm<T, P>;
  parent: P;
  notify: Notifier;
}) {
  const { entity } = level;
  const remove = useDeleteLevel(entity);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirmDelete = (item: T) => ({
    entity,
    name: item.title,
    busy: remove.isPending,
    onClose: () => setDeleting(null),
    onConfirm: () =>
      remove.mutate(item.id, {
        onSuccess: () => notify.success(successText(entity, 'deleted')),
        onError: (error) => notify.error(failureText(error, 'delete', entity)),
        onSettled: () => setDeleting(null),
      }),
  });

  const dialogs = (
    <>
      {editing ? (
        <LevelFormModal
          level={level}
          parent={parent}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            notify.success(successText(entity, created ? 'created' : 'updated'));
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        entity === 'course' ? (
          <ConfirmCourseDelete courseId={deleting.id} {...confirmDelete(deleting)} />
        ) : (
          <ConfirmDelete {...confirmDelete(deleting)} />
        )
      ) : null}
    </>
  );

  return { add: () => setEditing('new'), edit: (item: T) => setEditing(item), remove: setDeleting, dialogs };
}

/** A course's delete confirmation also says, in the server's words, how many students and saved tests it reaches. */
function ConfirmCourseDelete({ courseId, ...props }: ComponentProps<typeof ConfirmDelete> & { courseId: string }) {
  const preview = useCourseDeletePreview(courseId);
  return (
    <ConfirmDelete
      {...props}
      reach={{
        text: preview.isError ? failureText(preview.error, 'load', 'course') : preview.data?.message,
        pending: preview.isPending,
      }}
    />
  );
}
