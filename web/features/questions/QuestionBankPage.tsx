import { useState } from 'react';
import { Tabs } from '../../ui/Tabs';
import { CategoryManager } from './CategoryManager';
import { QuestionList } from './QuestionList';
import { TestGenerator } from './TestGenerator';
import styles from './questions.module.css';

/** Tab values name the panels' ids, where a space would break the tabs' references for screen readers. */
type Tab = 'bank' | 'generator' | 'categories';

/** /question-bank: the bank, the test generator and the category manager. */
export default function QuestionBankPage() {
  const [tab, setTab] = useState<Tab>('bank');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Question Bank</h1>
      <Tabs
        label="Question area"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'bank', label: 'Question Bank', content: <QuestionList /> },
          { value: 'generator', label: 'Test Generator', content: <TestGenerator /> },
          { value: 'categories', label: 'Manage Categories', content: <CategoryManager /> },
        ]}
      />
    </div>
  );
}
