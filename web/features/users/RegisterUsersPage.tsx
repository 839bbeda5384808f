import { useState } from 'react';
import { BookUser, GraduationCap, Keyboard, Presentation } from 'lucide-react';
import type { RegisterType } from '@common/rules';
import { Toast, useNotify } from '../../ui/Toast';
import { PageFrame } from '../../ui/PageFrame';
import { CsvImport } from './CsvImport';
import { RegisterForm } from './RegisterForm';
import styles from './users.module.css';

const CARDS: ReadonlyArray<{ type: RegisterType; title: string; text: string; icon: typeof Presentation }> = [
  { type: 'teacher', title: 'Teacher', text: 'Teaches courses and follows their students.', icon: Presentation },
  { type: 'data-entry', title: 'Data Entry', text: 'Writes questions and course content.', icon: Keyboard },
  { type: 'parent', title: 'Parent', text: "Follows their children's progress.", icon: BookUser },
  { type: 'student', title: 'Student', text: 'Studies the courses assigned to them.', icon: GraduationCap },
];

/** Register users: choose a card, fill its form, Register; or import a class list. */
export default function RegisterUsersPage() {
  const [type, setType] = useState<RegisterType | null>(null);
  const notify = useNotify();
  const chosen = CARDS.find((c) => c.type === type);
  return (
    <PageFrame eyebrow="Administration" title="Register Users">
      <ul className={styles.typeCards} aria-label="Account type">
        {CARDS.map(({ type: t, title, text, icon: Icon }) => (
          <li key={t}>
            <button
              type="button"
              className={`${styles.typeCard} ${t === type ? styles.typeCardOn : ''}`}
              aria-pressed={t === type}
              onClick={() => setType(t)}
            >
              <Icon size={28} aria-hidden="true" />
              <span className={styles.typeTitle}>{title}</span>
              <span className={styles.typeText}>{text}</span>
            </button>
          </li>
        ))}
      </ul>
      <Toast notice={notify.notice} />
      {chosen ? (
        <RegisterForm key={chosen.type} type={chosen.type} title={chosen.title} notify={notify} />
      ) : (
        <p className={styles.muted}>Choose the type of account to register.</p>
      )}
      <CsvImport />
    </PageFrame>
  );
}
