import { useState } from 'react';
import { Tabs } from '../../ui/Tabs';
import { CategoryManager } from './CategoryManager';
import { QuestionList } from './QuestionList';
import { TestGenerator } from './TestGenerator';
import styles from './questions.module.css';

type Tab = 'Question Bank' | 'Test Generator' | 'Manage Categories';

/** /question-bank: the bank, the test generator and the category manager. */
export default function QuestionBankPage() {
  const [tab, setTab] = useState<Tab>('Question Bank');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Question Bank</h1>
      <Tabs
        label="Question area"
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'Question Bank', label: 'Question Bank', content: <QuestionList /> },
          { value: 'Test Generator', label: 'Test Generator', content: <TestGenerator /> },
          { value: 'Manage Categories', label: 'Manage Categories', content: <CategoryManager /> },
        ]}
      />
    </div>
  );
}
