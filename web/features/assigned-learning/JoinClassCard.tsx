import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { School } from 'lucide-react';
import { joinClassBody, type StudentClass } from '@common/schemas/classes';
import { api, errorMessage } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import styles from './student.module.css';

const classesKey = ['student', 'classes'] as const;

/**
 * A student joins a class with the code their teacher gives them, and sees the classes they are in. What the class
 * gives (its courses and tests) opens at once: the course lists are read again after a join.
 */
export function JoinClassCard() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const client = useQueryClient();
  const classes = useQuery({
    queryKey: classesKey,
    queryFn: () =>
      api.get<{ classes: StudentClass[] }>('/student/classes', 'Failed to load your classes').then((r) => r.classes),
  });
  const { register, submitWith, formState, reset } = useSchemaForm(joinClassBody);
  const onSubmit = submitWith(
    async ({ code }) => {
      const reply = await api.post<{ message: string }>('/student/classes/join', { code }, 'Failed to join the class');
      reset();
      setResult({ tone: 'success', text: reply.message });
      await client.invalidateQueries({ queryKey: ['student'] });
    },
    (failure) => setResult({ tone: 'error', text: errorMessage(failure, 'Failed to join the class') }),
  );
  return (
    <section className={styles.card} aria-labelledby="join-class">
      <h2 className={styles.cardTitle} id="join-class">
        <School size={18} aria-hidden="true" /> Join a class
      </h2>
      <p className={styles.muted}>Type the class code your teacher gave you. Its courses and tests open at once.</p>
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
        <TextField
          label="Class code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Joining...' : 'Join class'}
        </Button>
      </form>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      {classes.data && classes.data.length > 0 ? (
        <>
          <h3 className={styles.subTitle}>Your classes</h3>
          <ul className={styles.classList} aria-label="Your classes">
            {classes.data.map((c) => (
              <li key={c.id}>
                <strong>{c.name}</strong>
                <span className={styles.muted}>
                  {[c.subject, c.grade ? `Grade ${c.grade}` : '', c.term, c.teachers.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : classes.isError ? (
        <p className={styles.muted}>Your classes could not be loaded.</p>
      ) : null}
    </section>
  );
}
