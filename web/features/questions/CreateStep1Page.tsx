import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTHORED_TYPES, QUESTION_GRADE_MAX, QUESTION_GRADE_MIN, questionStep1Schema, type QuestionType } from '@common/schemas/questions';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { ChipSelect } from '../../ui/Chips';
import { SelectField, TextField } from '../../ui/Field';
import { tagOptions, useTags } from './api';
import { MESSAGES } from './messages';
import { readStep1 } from './step';
import { clearStep2Draft } from './step2Draft';
import styles from './questions.module.css';

const GRADE_OPTIONS = Array.from({ length: QUESTION_GRADE_MAX - QUESTION_GRADE_MIN + 1 }, (_, i) => ({ value: String(i + 1), label: `Grade ${i + 1}` }));

/**
 * Step 1 of creation (section 2.7): what the question is about. Coming back from step 2 keeps the choices (and
 * step 2 keeps what was written there); opened afresh, it starts a new question.
 */
export default function CreateStep1Page() {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAuth().user!.id;
  const back = readStep1(location.state);
  const [isNewQuestion] = useState(back === null);
  useEffect(() => {
    if (isNewQuestion) clearStep2Draft(userId);
  }, [isNewQuestion, userId]);
  const [grade, setGrade] = useState(back?.grade ?? '');
  const [type, setType] = useState<QuestionType | ''>(back?.type ?? '');
  const [source, setSource] = useState(back?.source ?? '');
  const [category, setCategory] = useState<string[]>(back?.category ?? []);
  const [focus, setFocus] = useState<string[]>(back?.focus ?? []);
  const categories = useTags('category');
  const focusAreas = useTags('focus');
  const { notice, notify } = useNotify();

  const next = () => {
    const checked = questionStep1Schema.safeParse({ grade, type: type || undefined, source, category, focus });
    if (!checked.success) return notify('error', checked.error.issues[0].message);
    const names = (ids: string[], list = categories.data ?? []) => ids.map((id) => list.find((t) => t.id === id)?.name ?? '');
    const choices = { grade, type, source, category, focus, categoryNames: names(category), focusNames: names(focus, focusAreas.data ?? []) };
    // This page's history entry keeps the choices, so Back to Step 1 (one step back) finds them again.
    navigate(location.pathname, { replace: true, state: choices });
    navigate(paths.createQuestionStep2, { state: choices });
  };

  return (
    <div className={styles.narrowPage}>
      <h1 className={styles.title}>Create New Question - Step 1</h1>
      <Toast notice={notice} />
      {categories.isError || focusAreas.isError ? <Alert tone="error">{MESSAGES.tagsLoadFailed}</Alert> : null}
      <form className={styles.card} onSubmit={(e) => { e.preventDefault(); next(); }} noValidate>
        <div className={styles.grid}>
          <SelectField label="Grade" placeholder="Choose a grade" options={GRADE_OPTIONS} value={grade} onChange={(e) => setGrade(e.target.value)} />
          <SelectField label="Type" placeholder="Choose a type" options={AUTHORED_TYPES.map((t) => ({ value: t, label: t }))} value={type} onChange={(e) => setType(e.target.value as QuestionType)} />
        </div>
        <TextField label="Source (optional)" placeholder="e.g. MAP Growth practice" value={source} onChange={(e) => setSource(e.target.value)} />
        <ChipSelect label="Categories" options={tagOptions(categories.data)} value={category} onChange={setCategory} />
        <ChipSelect label="Focus Areas" options={tagOptions(focusAreas.data)} value={focus} onChange={setFocus} />
        <div className={styles.formActions}>
          <Button
            variant="secondary"
            onClick={() => {
              clearStep2Draft(userId);
              navigate(-1);
            }}
          >
            Cancel
          </Button>
          <Button type="submit">Continue to Step 2</Button>
        </div>
      </form>
    </div>
  );
}
