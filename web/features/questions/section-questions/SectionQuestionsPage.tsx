import { useState } from 'react';
import type { StaffQuestion } from '@common/schemas/learning';
import { LEARNING_MESSAGES } from '@common/schemas/learning';
import { normalizeUserType } from '@common/rules';
import { ApiError, errorMessage } from '../../../api/client';
import { useAuth } from '../../../auth/AuthProvider';
import { Toast, useNotify } from '../../../ui/Toast';
import { useAddSectionQuestions, useRemoveSectionQuestion, useReorderSectionQuestions } from './api';
import { SectionQuestionList } from './SectionQuestionList';
import { AvailableQuestions } from './AvailableQuestions';
import { CourseHierarchy, type ChosenSection } from './CourseHierarchy';
import { SECTION_QUESTIONS_MESSAGES } from './messages';
import styles from './section-questions.module.css';

/**
 * /question-assignment, the page titled "Question Assignment" that places bank questions into a section: the course
 * hierarchy on the left, the bank's questions not yet in the chosen section on the right, and the section's own
 * questions, in order, below.
 */
export default function SectionQuestionsPage() {
  const { user } = useAuth();
  // The page guard lets in admins and teachers only; each reads its own role's lists.
  const role = normalizeUserType(user?.type ?? '') === 'admin' ? 'admin' : 'teacher';
  const [section, setSection] = useState<ChosenSection | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const notify = useNotify();
  const add = useAddSectionQuestions();
  const remove = useRemoveSectionQuestion();
  const reorder = useReorderSectionQuestions(section?.id ?? null);

  const choose = (next: ChosenSection) => {
    setSection(next);
    setSelected([]);
  };

  const runAdd = async () => {
    if (!section || selected.length === 0) {
      notify.error(LEARNING_MESSAGES.selectSectionAndQuestion);
      return;
    }
    try {
      const reply = await add.mutateAsync({ sectionId: section.id, questionIds: selected });
      notify.success(reply.message);
      setSelected([]);
    } catch (error) {
      notify.error(errorMessage(error, SECTION_QUESTIONS_MESSAGES.addFailed));
    }
  };

  const runRemove = async (question: StaffQuestion) => {
    if (!section) return;
    try {
      await remove.mutateAsync({ sectionId: section.id, questionId: question.id });
      notify.success(SECTION_QUESTIONS_MESSAGES.removed);
    } catch (error) {
      // A refused removal and one that never reached the server get different texts.
      notify.error(
        error instanceof ApiError && error.status === 0
          ? SECTION_QUESTIONS_MESSAGES.removeFailedNetwork
          : errorMessage(error, SECTION_QUESTIONS_MESSAGES.removeFailed),
      );
    }
  };

  const runReorder = async (ordered: StaffQuestion[]) => {
    try {
      notify.success((await reorder.mutateAsync(ordered)).message);
    } catch (error) {
      notify.error(errorMessage(error, SECTION_QUESTIONS_MESSAGES.orderFailed));
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Question Assignment</h1>
        <p className={styles.lead}>Choose a section, then pick questions from the bank to assign to it.</p>
      </header>
      <div className={styles.notice}>
        <Toast notice={notify.notice} />
      </div>
      <div className={styles.layout}>
        <CourseHierarchy role={role} chosen={section} onChoose={choose} />
        <div className={styles.main}>
          <AvailableQuestions
            sectionId={section?.id ?? null}
            selected={selected}
            onSelect={setSelected}
            onAdd={() => void runAdd()}
            adding={add.isPending}
          />
          <SectionQuestionList
            section={section}
            onRemove={(q) => void runRemove(q)}
            removing={remove.isPending ? (remove.variables?.questionId ?? null) : null}
            onReorder={(ordered) => void runReorder(ordered)}
            reordering={reorder.isPending}
          />
        </div>
      </div>
    </div>
  );
}
