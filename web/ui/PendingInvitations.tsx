import { useId, useState, type ReactNode } from 'react';
import { FAMILY_MESSAGES } from '@common/rules';
import type { PendingInvitation } from '@common/schemas/families';
import { errorMessage } from '../api/client';
import { useInvitationActions, usePendingInvitations, type InvitationSide } from '../api/invitations';
import { Alert } from './Alert';
import { Badge } from './Badge';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { PageCard } from './PageFrame';
import styles from './PendingInvitations.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * The invitations this user sent that wait to be accepted, under a title: nothing until there is one, then kept while
 * the page is open, so cancelling the last one still shows its outcome. On a card of its own (the parent's My
 * Children), or as part of the card around it (the student's invite card).
 */
export function SentInvitations({
  side,
  title,
  text,
  card = false,
}: {
  side: InvitationSide;
  title: string;
  text?: ReactNode;
  card?: boolean;
}) {
  const list = usePendingInvitations(side);
  const { resend, cancel } = useInvitationActions(side);
  const titleId = useId();
  const [seen, setSeen] = useState(false);
  if (!seen && list.data && list.data.length > 0) setSeen(true);
  if (!seen && !list.isError) return null;
  const Heading = card ? 'h2' : 'h3';
  const content = (
    <>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {list.isError ? (
        <Alert tone="error">{errorMessage(list.error, FAMILY_MESSAGES.invitationsFailed)}</Alert>
      ) : (
        <PendingInvitations
          label={title}
          invitations={list.data ?? []}
          emptyText="No invitations waiting."
          onResend={(id) => resend.mutateAsync(id)}
          onCancel={(id) => cancel.mutateAsync(id)}
          resendFailed={FAMILY_MESSAGES.resendFailed}
          cancelFailed={FAMILY_MESSAGES.cancelFailed}
        />
      )}
    </>
  );
  return card ? (
    <PageCard aria-labelledby={titleId}>{content}</PageCard>
  ) : (
    <div role="group" aria-labelledby={titleId}>
      {content}
    </div>
  );
}

export interface PendingInvitationsProps {
  /** What the list is, for screen readers ("Invitations waiting"). */
  label: string;
  invitations: PendingInvitation[];
  /** Said when none is waiting (after the last one is accepted or cancelled). */
  emptyText: string;
  /** Each answers the server's message, or throws the refusal. */
  onResend(id: string): Promise<{ message: string }>;
  onCancel(id: string): Promise<{ message: string }>;
  /** The texts shown when the server gives no message. */
  resendFailed: string;
  cancelFailed: string;
}

/**
 * Invitations sent and not accepted yet, each with its address and how long its link works, and two actions: send
 * it again (a new link; the old one stops working) and cancel it (after a confirmation). The outcome shows below.
 */
export function PendingInvitations({
  label,
  invitations,
  emptyText,
  onResend,
  onCancel,
  resendFailed,
  cancelFailed,
}: PendingInvitationsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<PendingInvitation | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async (id: string, action: (id: string) => Promise<{ message: string }>, failed: string) => {
    setBusy(id);
    try {
      setResult({ tone: 'success', text: (await action(id)).message });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, failed) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {invitations.length > 0 ? (
        <ul className={styles.list} aria-label={label}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className={styles.row}>
              <span className={styles.who}>
                <span className={styles.email}>{invitation.email}</span>
                {invitation.expired ? (
                  <Badge tone="muted">Expired</Badge>
                ) : (
                  <span className={styles.when}>
                    Sent {day(invitation.sentAt)} · link works until {day(invitation.expiresAt)}
                  </span>
                )}
              </span>
              <span className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy !== null}
                  aria-label={`Resend the invitation to ${invitation.email}`}
                  onClick={() => void run(invitation.id, onResend, resendFailed)}
                >
                  {busy === invitation.id && !cancelling ? 'Sending...' : 'Resend'}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy !== null}
                  aria-label={`Cancel the invitation to ${invitation.email}`}
                  onClick={() => setCancelling(invitation)}
                >
                  Cancel
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.when}>{emptyText}</p>
      )}
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this invitation?"
        confirmLabel="Cancel invitation"
        busyLabel="Cancelling..."
        busy={busy !== null}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          const id = cancelling!.id;
          void run(id, onCancel, cancelFailed).then(() => setCancelling(null));
        }}
      >
        The link sent to {cancelling?.email} will no longer work. You can send a new invitation at any time.
      </ConfirmDialog>
    </>
  );
}
