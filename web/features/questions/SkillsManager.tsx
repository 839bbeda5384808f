import { useMemo, useState, type FormEvent } from 'react';
import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { SKILL_GRADE_MAX, SKILL_GRADE_MIN, SKILL_MAX_PREREQUISITES, skillGradeBand } from '@common/rules/skills';
import { skillBody, type Skill, type SkillUpdateBody } from '@common/schemas/skills';
import { errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectField, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { PageState } from '../../ui/PageState';
import { Table, type Column } from '../../ui/Table';
import { Toast, useNotify } from '../../ui/Toast';
import { tagOptions, useTags } from './api';
import { CATEGORY_MESSAGE_MS, MESSAGES } from './messages';
import { useCreateSkill, useDeleteSkill, useSetPrerequisites, useSkills, useUpdateSkill } from './skillsApi';
import styles from './questions.module.css';

const GRADE_OPTIONS = Array.from({ length: SKILL_GRADE_MAX - SKILL_GRADE_MIN + 1 }, (_, i) => {
  const grade = String(SKILL_GRADE_MIN + i);
  return { value: grade, label: `Grade ${grade}` };
});

const gradeValue = (value: string) => (value === '' ? null : Number(value));

/** Adds a skill, or edits one (sending only what changed). */
function SkillDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Skill | null;
  onClose(): void;
  onSaved(message: string): void;
}) {
  const focus = useTags('focus');
  const category = useTags('category');
  const create = useCreateSkill();
  const update = useUpdateSkill();
  const [focusAreaId, setFocusAreaId] = useState(editing?.focusArea.id ?? '');
  const [categoryId, setCategoryId] = useState(editing?.category?.id ?? '');
  const [gradeMin, setGradeMin] = useState(editing?.gradeMin?.toString() ?? '');
  const [gradeMax, setGradeMax] = useState(editing?.gradeMax?.toString() ?? '');
  const [error, setError] = useState('');
  const busy = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      focusAreaId,
      categoryId: categoryId || null,
      gradeMin: gradeValue(gradeMin),
      gradeMax: gradeValue(gradeMax),
    };
    const checked = skillBody.safeParse(body);
    if (!checked.success) return setError(checked.error.issues[0].message);
    setError('');
    try {
      if (editing) {
        const changes: SkillUpdateBody = {};
        if (body.focusAreaId !== editing.focusArea.id) changes.focusAreaId = body.focusAreaId;
        if (body.categoryId !== (editing.category?.id ?? null)) changes.categoryId = body.categoryId;
        if (body.gradeMin !== editing.gradeMin) changes.gradeMin = body.gradeMin;
        if (body.gradeMax !== editing.gradeMax) changes.gradeMax = body.gradeMax;
        const saved = await update.mutateAsync({ id: editing.id, changes });
        onSaved(`Saved "${saved.name}"`);
      } else {
        const saved = await create.mutateAsync(body);
        onSaved(`Added "${saved.name}"`);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.skillSaveFailed));
    }
  };

  return (
    <FormDialog
      title={editing ? `Edit ${editing.name}` : 'Add a skill'}
      submitLabel={editing ? 'Save skill' : 'Add skill'}
      busyLabel="Saving..."
      busy={busy}
      error={error}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <SelectField
        label="Focus area"
        required
        value={focusAreaId}
        placeholder="Choose a focus area"
        options={tagOptions(focus.data)}
        onChange={(e) => setFocusAreaId(e.target.value)}
      />
      <SelectField
        label="Category (optional)"
        value={categoryId}
        placeholder="The whole focus area"
        options={tagOptions(category.data)}
        onChange={(e) => setCategoryId(e.target.value)}
      />
      <div className={styles.gradeBand}>
        <SelectField
          label="Lowest grade"
          value={gradeMin}
          placeholder="Any"
          options={GRADE_OPTIONS}
          onChange={(e) => setGradeMin(e.target.value)}
        />
        <SelectField
          label="Highest grade"
          value={gradeMax}
          placeholder="Any"
          options={GRADE_OPTIONS}
          onChange={(e) => setGradeMax(e.target.value)}
        />
      </div>
    </FormDialog>
  );
}

/** A searchable checklist of the other skills; the server refuses a choice that would make a cycle, and says why. */
function PrerequisitesDialog({
  skill,
  skills,
  onClose,
  onSaved,
}: {
  skill: Skill;
  skills: Skill[];
  onClose(): void;
  onSaved(message: string): void;
}) {
  const save = useSetPrerequisites();
  const [chosen, setChosen] = useState<string[]>(skill.prerequisiteIds);
  const [search, setSearch] = useState('');
  const [error, setError] = useState('');
  const needle = search.trim().toLowerCase();
  const others = skills.filter((s) => s.id !== skill.id && s.name.toLowerCase().includes(needle));
  const full = chosen.length >= SKILL_MAX_PREREQUISITES;

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((c) => c !== id)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ id: skill.id, prerequisiteIds: chosen });
      onSaved(`Saved the prerequisites of "${skill.name}"`);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.prerequisitesSaveFailed));
    }
  };

  return (
    <FormDialog
      title={`Prerequisites of ${skill.name}`}
      submitLabel="Save prerequisites"
      busyLabel="Saving..."
      busy={save.isPending}
      error={error}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <p className={styles.emptyNote}>
        The skills a student should have before this one. {chosen.length} of at most {SKILL_MAX_PREREQUISITES} chosen.
      </p>
      <TextField label="Search skills" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      {others.length === 0 ? (
        <p className={styles.emptyNote}>{needle ? `No skills match "${search.trim()}".` : 'No other skills yet.'}</p>
      ) : (
        <fieldset className={styles.checklist}>
          <legend className={styles.checklistLegend}>Skills that come before {skill.name}</legend>
          {others.map((s) => {
            const on = chosen.includes(s.id);
            return (
              <Checkbox
                key={s.id}
                label={s.name}
                checked={on}
                disabled={!on && full}
                onChange={(e) => toggle(s.id, e.target.checked)}
              />
            );
          })}
        </fieldset>
      )}
    </FormDialog>
  );
}

type Editing = { kind: 'skill'; skill: Skill | null } | { kind: 'prerequisites'; skill: Skill } | null;

/** The category manager's skills: each focus area (or one of its categories) with its grade band and prerequisites. */
export function SkillsManager() {
  const skills = useSkills();
  const remove = useDeleteSkill();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Skill | null>(null);
  const { notice, notify } = useNotify(CATEGORY_MESSAGE_MS);
  const names = useMemo(() => new Map((skills.data ?? []).map((s) => [s.id, s.name])), [skills.data]);

  const saved = (message: string) => {
    setEditing(null);
    notify('success', message);
  };
  const confirmDelete = async (skill: Skill) => {
    setDeleting(null);
    try {
      notify('success', (await remove.mutateAsync(skill.id)).message);
    } catch (error) {
      notify('error', errorMessage(error, MESSAGES.skillDeleteFailed));
    }
  };

  const columns: Array<Column<Skill>> = [
    { header: 'Skill', cell: (s) => s.name },
    { header: 'Grades', cell: (s) => skillGradeBand(s) ?? 'All grades' },
    {
      header: 'Prerequisites',
      cell: (s) =>
        s.prerequisiteIds.length === 0
          ? 'None'
          : s.prerequisiteIds
              .map((id) => names.get(id) ?? '')
              .sort()
              .join(', '),
    },
    { header: 'Questions', cell: (s) => s.questionCount },
    {
      header: 'Actions',
      interactive: true,
      cell: (s) => (
        <div className={styles.rowActions}>
          <Button
            size="sm"
            variant="ghost"
            icon={Pencil}
            aria-label={`Edit ${s.name}`}
            onClick={() => setEditing({ kind: 'skill', skill: s })}
          />
          <Button
            size="sm"
            variant="ghost"
            icon={ListChecks}
            aria-label={`Prerequisites of ${s.name}`}
            onClick={() => setEditing({ kind: 'prerequisites', skill: s })}
          />
          <Button
            size="sm"
            variant="ghost"
            className={styles.dangerText}
            icon={Trash2}
            aria-label={`Delete ${s.name}`}
            onClick={() => setDeleting(s)}
          />
        </div>
      ),
    },
  ];

  return (
    <section className={styles.tagColumn} aria-labelledby="skills-title">
      <div className={styles.skillsHead}>
        <h2 id="skills-title">Skills</h2>
        <Button icon={Plus} onClick={() => setEditing({ kind: 'skill', skill: null })}>
          Add skill
        </Button>
      </div>
      <Toast notice={notice} />
      {skills.isError ? (
        <PageState kind="error" title={MESSAGES.skillsLoadFailed} />
      ) : skills.isPending ? (
        <PageState kind="loading" title="Loading skills..." />
      ) : skills.data.length === 0 ? (
        <p className={styles.emptyNote}>No skills yet. A skill is a focus area, or one of its categories.</p>
      ) : (
        <Table label="Skills" rows={skills.data} rowKey={(s) => s.id} columns={columns} />
      )}
      {editing?.kind === 'skill' ? (
        <SkillDialog editing={editing.skill} onClose={() => setEditing(null)} onSaved={saved} />
      ) : null}
      {editing?.kind === 'prerequisites' ? (
        <PrerequisitesDialog
          skill={editing.skill}
          skills={skills.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this skill?"
        confirmLabel="Delete"
        onConfirm={() => deleting && void confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting
          ? `"${deleting.name}" will be deleted, with its place among the prerequisites of other skills and the students' levels in it. Its questions stay in the bank.`
          : ''}
      </ConfirmDialog>
    </section>
  );
}
