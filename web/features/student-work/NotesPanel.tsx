import { useState } from 'react';
import { NOTE_MAX_LENGTH } from '@common/rules';
import { noteBody, type Note } from '@common/schemas/student-work';
import { errorMessage } from '../../api/client';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextArea } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { NoteList } from '../../ui/NoteList';
import { PageCard } from '../../ui/PageFrame';
import { Toast, useNotify } from '../../ui/Toast';
import { useNoteActions } from './api';
import styles from './StudentWork.module.css';

/**
 * The notes teachers leave a student: a form to write one ("Show to parents" to share it with the family too), and
 * the notes, newest first, with Edit and Delete on those the caller wrote (an admin's on every one). The student
 * always reads their notes; the server enforces who may change which.
 */
export function NotesPanel({ studentId, name, notes }: { studentId: string; name: string; notes: Note[] }) {
  const actions = useNoteActions(studentId);
  const { notice, notify } = useNotify();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  return (
    <PageCard aria-labelledby="notes-title">
      <Toast notice={notice} />
      <h2 id="notes-title">Notes</h2>
      <p className={styles.muted}>{name} sees every note on their dashboard; parents see those shown to parents.</p>
      <NoteForm
        submitLabel="Save note"
        onSave={async (body) => {
          const reply = await actions.add.mutateAsync(body);
          notify('success', reply.message);
        }}
      />
      {notes.length === 0 ? (
        <p className={styles.muted}>No notes yet.</p>
      ) : (
        <NoteList
          notes={notes}
          label={`Notes for ${name}`}
          extra={(note) =>
            editing === note.id ? (
              <NoteForm
                initial={note}
                submitLabel="Save changes"
                onCancel={() => setEditing(null)}
                onSave={async (body) => {
                  const reply = await actions.update.mutateAsync({ id: note.id, body });
                  setEditing(null);
                  notify('success', reply.message);
                }}
              />
            ) : (
              <>
                <Badge tone={note.forParents ? 'info' : 'muted'}>
                  {note.forParents ? 'Shown to parents' : 'Student only'}
                </Badge>
                {note.mine ? (
                  <>
                    <Button variant="secondary" size="sm" onClick={() => setEditing(note.id)}>
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(note)}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </>
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        tone="danger"
        busy={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          actions.remove.mutate(deleting!.id, {
            onSuccess: (reply) => notify('success', reply.message),
            onError: (error) => notify('error', errorMessage(error, 'Could not delete the note. Please try again.')),
            onSettled: () => setDeleting(null),
          })
        }
      >
        The student and their parents will no longer see it.
      </ConfirmDialog>
    </PageCard>
  );
}

function NoteForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: Note;
  submitLabel: string;
  onSave(body: { body: string; forParents: boolean }): Promise<void>;
  onCancel?(): void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, formState, reset, submitWith } = useSchemaForm(noteBody, {
    defaultValues: { body: initial?.body ?? '', forParents: initial?.forParents ?? false },
  });
  const submit = submitWith(
    async (values) => {
      setFailure(null);
      await onSave(values);
      if (!initial) reset({ body: '', forParents: false });
    },
    (error) => setFailure(errorMessage(error, 'Could not save the note. Please try again.')),
  );
  return (
    <form className={styles.noteForm} onSubmit={(e) => void submit(e)} noValidate>
      <TextArea
        label={initial ? 'Edit note' : 'New note'}
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        hint={`Up to ${NOTE_MAX_LENGTH} characters.`}
        error={formState.errors.body?.message}
        {...register('body')}
      />
      <Checkbox label="Show to parents" {...register('forParents')} />
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
