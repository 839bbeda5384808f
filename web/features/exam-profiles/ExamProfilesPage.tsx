import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { plural } from '@common/rules';
import { ESTIMATE_NOTE } from '@common/rules/exams';
import type { ExamProfile, ScoreTable } from '@common/schemas/exams';
import { errorMessage } from '../../api/client';
import { breakText, rulesText, sectionText } from '../../api/exams';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { QueryStates } from '../../ui/QueryStates';
import { Toast, useNotify } from '../../ui/Toast';
import { EXAM_PROFILES_FAILED, useDeleteProfile, useDeleteTable, useExamProfiles } from './api';
import { gradeText, tablePreview } from './format';
import { ProfileFormDialog } from './ProfileFormDialog';
import { ScoreTableDialog } from './ScoreTableDialog';
import styles from './examProfiles.module.css';

type TableEdit = { profile: ExamProfile; table: ScoreTable | null };

const byGrade = (a: ScoreTable, b: ScoreTable) => (a.grade ?? -1) - (b.grade ?? -1);

/**
 * The admin's exam profiles: how each mock exam is timed and scored, in words. Built-in ones follow the exams'
 * published rules and stay as they are; the admin adds, edits and deletes their own. Any profile takes score tables
 * (raw to scaled, per grade), from which reports give an estimate.
 */
export default function ExamProfilesPage() {
  const notify = useNotify();
  const profiles = useExamProfiles();
  const removeProfile = useDeleteProfile();
  const removeTable = useDeleteTable();
  const [editing, setEditing] = useState<ExamProfile | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExamProfile | null>(null);
  const [tableEdit, setTableEdit] = useState<TableEdit | null>(null);
  const [tableDelete, setTableDelete] = useState<{ profile: ExamProfile; table: ScoreTable } | null>(null);

  const confirmDeleteProfile = async () => {
    if (!deleting) return;
    try {
      notify.success((await removeProfile.mutateAsync(deleting.id)).message);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete the exam profile'));
    }
    setDeleting(null);
  };
  const confirmDeleteTable = async () => {
    if (!tableDelete) return;
    try {
      const done = await removeTable.mutateAsync({ profileId: tableDelete.profile.id, tableId: tableDelete.table.id });
      notify.success(done.message);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to delete the score table'));
    }
    setTableDelete(null);
  };
  const saved = (message: string) => {
    setEditing(null);
    setTableEdit(null);
    notify.success(message);
  };

  return (
    <PageFrame
      eyebrow="Administration"
      title="Exam profiles"
      lead="How mock exams are timed and scored. Built-in profiles follow each exam's published rules; add your own for other tests."
      actions={
        <Button icon={Plus} onClick={() => setEditing('new')}>
          Add profile
        </Button>
      }
    >
      <p className={styles.note}>
        Scaled scores read from a score table reach students and families labeled as estimates: &ldquo;{ESTIMATE_NOTE}
        &rdquo;
      </p>
      <Toast notice={notify.notice} />
      <QueryStates
        query={profiles}
        loading="Loading exam profiles..."
        failed={EXAM_PROFILES_FAILED}
        empty={{ when: (list) => list.length === 0, title: 'No exam profiles yet' }}
      >
        {(list) => (
          <div className={styles.list}>
            {list.map((profile) => (
              <ProfileCard
                key={profile.id}
                profile={profile}
                onEdit={() => setEditing(profile)}
                onDelete={() => setDeleting(profile)}
                onTable={(table) => setTableEdit({ profile, table })}
                onDeleteTable={(table) => setTableDelete({ profile, table })}
              />
            ))}
          </div>
        )}
      </QueryStates>
      {editing ? (
        <ProfileFormDialog
          profile={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      {tableEdit ? (
        <ScoreTableDialog
          profile={tableEdit.profile}
          table={tableEdit.table}
          onClose={() => setTableEdit(null)}
          onSaved={saved}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete exam profile"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removeProfile.isPending}
        onConfirm={() => void confirmDeleteProfile()}
        onCancel={() => setDeleting(null)}
      >
        {`Delete “${deleting?.name ?? ''}” and its score tables? A profile used by a test cannot be deleted.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={tableDelete !== null}
        title="Delete score table"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removeTable.isPending}
        onConfirm={() => void confirmDeleteTable()}
        onCancel={() => setTableDelete(null)}
      >
        {tableDelete
          ? `Delete the ${gradeText(tableDelete.table.grade).toLowerCase()} table of ${tableDelete.profile.name}? Reports of that grade then give the raw score only, unless another table covers it.`
          : ''}
      </ConfirmDialog>
    </PageFrame>
  );
}

function ProfileCard({
  profile,
  onEdit,
  onDelete,
  onTable,
  onDeleteTable,
}: {
  profile: ExamProfile;
  onEdit(): void;
  onDelete(): void;
  onTable(table: ScoreTable | null): void;
  onDeleteTable(table: ScoreTable): void;
}) {
  const titleId = `profile-${profile.id}`;
  return (
    <PageCard aria-labelledby={titleId} className={styles.profile}>
      <header className={styles.head}>
        <h2 id={titleId}>{profile.name}</h2>
        {profile.builtIn ? <Badge tone="info">Built-in</Badge> : null}
        <span className={styles.muted}>
          {profile.tests ? `Used by ${plural(profile.tests, 'test')}` : 'Not used yet'}
        </span>
        {profile.builtIn ? null : (
          <span className={styles.actions}>
            <Button size="sm" variant="secondary" icon={Pencil} onClick={onEdit} aria-label={`Edit ${profile.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" icon={Trash2} onClick={onDelete} aria-label={`Delete ${profile.name}`}>
              Delete
            </Button>
          </span>
        )}
      </header>
      {profile.description ? <p className={styles.text}>{profile.description}</p> : null}
      <ul className={styles.facts} aria-label={`Rules of ${profile.name}`}>
        <li>{rulesText(profile)}</li>
        {profile.sections.length ? (
          profile.sections.map((section, i) => <li key={i}>{sectionText(section)}</li>)
        ) : (
          <li>No sections: the test&apos;s own time limit times it</li>
        )}
        {profile.sections.length > 1 ? (
          <li>{profile.breakMinutes ? breakText(profile.breakMinutes) : 'No break between sections'}</li>
        ) : null}
        <li>Answer sheet: {profile.answerSheet === 'bubbles' ? 'bubbles (A-E)' : 'written answers'}</li>
      </ul>
      {profile.rulesAsOf || profile.source ? (
        <dl className={styles.source}>
          {profile.rulesAsOf ? (
            <div>
              <dt>Rules as of</dt>
              <dd>{profile.rulesAsOf}</dd>
            </div>
          ) : null}
          {profile.source ? (
            <div>
              <dt>Source</dt>
              <dd className={styles.text}>{profile.source}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {profile.builtIn ? (
        <p className={styles.muted}>Built-in: it follows the exam&apos;s published rules and cannot be changed.</p>
      ) : null}
      <section aria-labelledby={`${titleId}-tables`} className={styles.tables}>
        <div className={styles.head}>
          <h3 id={`${titleId}-tables`}>Score tables</h3>
          <Button size="sm" variant="secondary" icon={Plus} onClick={() => onTable(null)}>
            Add table
          </Button>
        </div>
        {profile.tables.length === 0 ? (
          <p className={styles.muted}>No score tables: reports give the raw score only.</p>
        ) : (
          <ul className={styles.tableList} aria-label={`Score tables of ${profile.name}`}>
            {[...profile.tables].sort(byGrade).map((table) => {
              const grade = gradeText(table.grade);
              return (
                <li key={table.id} className={styles.table}>
                  <div className={styles.tableMain}>
                    <strong>{grade}</strong>
                    <span className={styles.muted}>
                      {plural(table.rows.length, 'row')}
                      {table.source ? ` · ${table.source}` : ''}
                    </span>
                    <code className={styles.preview}>{tablePreview(table.rows)}</code>
                  </div>
                  <span className={styles.actions}>
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={Pencil}
                      onClick={() => onTable(table)}
                      aria-label={`Edit the ${grade.toLowerCase()} table`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={Trash2}
                      onClick={() => onDeleteTable(table)}
                      aria-label={`Delete the ${grade.toLowerCase()} table`}
                    >
                      Delete
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </PageCard>
  );
}
