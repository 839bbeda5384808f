import { useState } from 'react';
import { Users } from 'lucide-react';
import { FAMILY_MESSAGES, INVITATION_TTL_DAYS } from '@common/rules';
import { invitationBody } from '@common/schemas/families';
import { api, errorMessage } from '../../api/client';
import { useRefreshInvitations } from '../../api/invitations';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { SentInvitations } from '../../ui/PendingInvitations';
import styles from './student.module.css';

/**
 * A student invites a parent or guardian by e-mail: once the parent accepts, they follow the student's progress. The
 * invitations not accepted yet show under the form, to send again or cancel.
 */
export function InviteParentCard() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { register, submitWith, formState, reset } = useSchemaForm(invitationBody);
  const refresh = useRefreshInvitations('student');
  const onSubmit = submitWith(
    async ({ email }) => {
      const reply = await api.post<{ message: string }>(
        '/student/invitations',
        { email },
        FAMILY_MESSAGES.inviteFailed,
      );
      reset();
      setResult({ tone: 'success', text: reply.message });
      void refresh();
    },
    (failure) => setResult({ tone: 'error', text: errorMessage(failure, FAMILY_MESSAGES.inviteFailed) }),
  );
  return (
    <section className={styles.card} aria-labelledby="invite-parent">
      <h2 className={styles.cardTitle} id="invite-parent">
        <Users size={18} aria-hidden="true" /> Invite a parent
      </h2>
      <p className={styles.muted}>
        Let a parent or guardian follow your progress. We e-mail them a link that works once, for {INVITATION_TTL_DAYS}{' '}
        days.
      </p>
      <form className={styles.inviteForm} onSubmit={onSubmit} noValidate>
        <TextField
          label="Parent's email"
          type="email"
          autoComplete="off"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <SentInvitations side="student" title="Waiting for a parent to accept" />
    </section>
  );
}
