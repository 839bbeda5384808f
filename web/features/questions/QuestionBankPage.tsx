import { useState } from 'react';
import { Hammer } from 'lucide-react';
import { CategoryManager } from './CategoryManager';
import { QuestionList } from './QuestionList';
import styles from './questions.module.css';

const TABS = ['Question Bank', 'Test Generator', 'Manage Categories'] as const;
type Tab = (typeof TABS)[number];

/** /question-bank (staff.md section 2.6): the bank, the test generator and the category manager. */
export default function QuestionBankPage() {
  const [tab, setTab] = useState<Tab>('Question Bank');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Question Bank</h1>
      <div role="tablist" aria-label="Question area" className={styles.tabs}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            className={tab === name ? styles.tabActive : styles.tab}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={styles.panel}>
        {tab === 'Question Bank' ? <QuestionList /> : null}
        {tab === 'Test Generator' ? (
          <div className={styles.comingSoon}>
            <Hammer size={36} aria-hidden="true" />
            <h2>The Test Generator is coming soon</h2>
            <p>Soon you will build tests here by dragging questions from the bank, or let the generator pick them at random.</p>
          </div>
        ) : null}
        {tab === 'Manage Categories' ? <CategoryManager /> : null}
      </div>
    </div>
  );
}
