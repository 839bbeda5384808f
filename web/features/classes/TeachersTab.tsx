import { useState } from 'react';
import { UserPlus, X } from 'lucide-react';
import type { ClassSummary } from '@common/schemas/classes';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { PageCard } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Table } from '../../ui/Table';
import type { Notifier } from '../../ui/Toast';
import { classCalls, useClassChange, useTeacherOptions } from './api';
import styles from './classes.module.css';

/** A class's teachers: co-teachers have the same rights; a class keeps at least one. */
export function TeachersTab({ cls, notify }: { cls: ClassSummary; notify: Notifier }) {
  const options = useTeacherOptions();
  const { busy, run } = useClassChange(notify);
  const [chosen, setChosen] = useState('');
  const teaching = new Set(cls.teachers.map((t) => t.id));
  const addable = (options.data ?? []).filter((t) => !teaching.has(t.id));
  return (
    <div className={styles.panel}>
      <PageCard aria-labelledby="class-teachers">
        <h2 id="class-teachers" className={styles.cardTitle}>
          Teachers
        </h2>
        <p className={styles.muted}>Co-teachers have the same rights: they see the students and change the class.</p>
        {cls.teachers.length === 0 ? (
          <p>No teacher yet.</p>
        ) : (
          <Table
            label="Teachers of the class"
            rows={cls.teachers}
            rowKey={(t) => t.id}
            columns={[
              { header: 'Name', cell: (t) => t.name },
              { header: 'Email', hideWhenNarrow: true, cell: (t) => t.email },
              {
                header: 'Actions',
                interactive: true,
                cell: (t) => (
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={X}
                    aria-label={`Remove ${t.name}`}
                    disabled={busy || cls.teachers.length === 1}
                    onClick={() =>
                      void run(
                        () => classCalls.removeTeacher(cls.id, t.id),
                        'Failed to remove the teacher',
                        'Teacher removed',
                      )
                    }
                  >
                    Remove
                  </Button>
                ),
              },
            ]}
          />
        )}
      </PageCard>
      <PageCard aria-labelledby="add-teacher">
        <h2 id="add-teacher" className={styles.cardTitle}>
          Add a co-teacher
        </h2>
        {options.isPending ? (
          <PageState kind="loading" title="Loading teachers..." />
        ) : options.isError ? (
          <PageState kind="error" title="Failed to load teachers" text={options.error.message} />
        ) : (
          <div className={styles.inlineForm}>
            <SelectField
              label="Teacher"
              placeholder={addable.length ? 'Choose a teacher' : 'No other teacher'}
              options={addable.map((t) => ({ value: t.id, label: `${t.name} (${t.email})` }))}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
            />
            <Button
              icon={UserPlus}
              disabled={busy || !chosen}
              onClick={() =>
                void run(
                  async () => {
                    await classCalls.addTeachers(cls.id, [chosen]);
                    setChosen('');
                  },
                  'Failed to add the teacher',
                  'Teacher added',
                )
              }
            >
              Add teacher
            </Button>
          </div>
        )}
      </PageCard>
    </div>
  );
}
