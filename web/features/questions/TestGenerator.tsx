import { useState } from 'react';
import { Dices } from 'lucide-react';
import { TEST_MESSAGES } from '@common/rules';
import type { Question } from '@common/schemas/questions';
import type { BuilderQuestion, TestDetail } from '@common/schemas/tests';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Toast, useNotify } from '../../ui/Toast';
import { AvailableQuestions } from './AvailableQuestions';
import { NO_FILTERS, type BankFilters } from './BankFilters';
import { entriesOf, moved, newEntry, type BuilderEntry } from './builder';
import { RandomDialog } from './RandomDialog';
import { SavedTests } from './SavedTests';
import { SaveTestDialog } from './SaveTestDialog';
import { TestBuilder } from './TestBuilder';
import styles from './testGenerator.module.css';

/**
 * The Test Generator tab: available questions on the left, the Test Builder and the
 * saved tests on the right. A saved test opened here is edited in place; saving clears the builder.
 */
export function TestGenerator() {
  const [entries, setEntries] = useState<BuilderEntry[]>([]);
  const [editing, setEditing] = useState<TestDetail | null>(null);
  const [filters, setFilters] = useState<BankFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<'random' | 'save' | null>(null);
  const { notice, notify } = useNotify();
  const inTest = new Set(entries.flatMap((e) => (e.question ? [e.question.id] : [])));

  const add = (question: Question) => {
    if (inTest.has(question.id)) return notify('error', TEST_MESSAGES.alreadyInTest);
    setEntries((list) => [...list, newEntry(question)]);
    notify('success', TEST_MESSAGES.added);
  };
  const remove = (index: number) => {
    setEntries((list) => list.filter((_, i) => i !== index));
    notify('success', TEST_MESSAGES.removed);
  };
  const reorder = (from: number, to: number) => {
    setEntries((list) => moved(list, from, to));
    notify('success', TEST_MESSAGES.reordered);
  };
  const addRandom = (drawn: BuilderQuestion[]) => {
    setEntries((list) => [...list, ...drawn.filter((q) => !list.some((e) => e.question?.id === q.id)).map(newEntry)]);
    notify(
      drawn.length ? 'success' : 'error',
      drawn.length ? TEST_MESSAGES.addedRandom(drawn.length) : TEST_MESSAGES.noneToDraw,
    );
  };
  const open = async (id: string) => {
    try {
      const test = await api.get<TestDetail>(`/tests/${id}`, 'Failed to load test');
      setEntries(entriesOf(test));
      setEditing(test);
      notify('info', `Editing "${test.name}"`);
    } catch (error) {
      notify('error', errorMessage(error, 'Error loading test'));
    }
  };
  const clear = () => {
    setEntries([]);
    setEditing(null);
  };

  return (
    <section aria-label="Test Generator" className={styles.generator}>
      <Toast notice={notice} />
      <div className={styles.columns}>
        <AvailableQuestions filters={filters} onFilters={setFilters} inTest={inTest} onAdd={add} />
        <div className={styles.right}>
          <TestBuilder
            entries={entries}
            editing={editing}
            onChange={setEntries}
            onAdd={add}
            onRemove={remove}
            onReorder={reorder}
            onSave={() => setDialog('save')}
            onClear={clear}
            tools={
              <Button variant="secondary" onClick={() => setDialog('random')} icon={Dices}>
                Random Test Generator
              </Button>
            }
          />
          <SavedTests editingId={editing?.id ?? null} onOpen={(id) => void open(id)} onNotify={notify} />
        </div>
      </div>
      {dialog === 'random' ? (
        <RandomDialog filters={filters} exclude={[...inTest]} onDrawn={addRandom} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'save' ? (
        <SaveTestDialog
          entries={entries}
          editing={editing}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            clear();
            notify('success', message);
          }}
        />
      ) : null}
    </section>
  );
}
