import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FAMILY_MESSAGES } from '@common/rules';
import type { InvitationView } from '@common/schemas/families';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { PENDING_INVITATION_KEY, paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { PageState } from '../../ui/PageState';
import { AuthCard } from './AuthCard';
import styles from './account.module.css';

/**
 * The secret comes in the address's fragment, which browsers never send to a server. It is kept for this tab (so
 * signing in or up on the way comes back here) and taken out of the address bar.
 */
function invitationToken(): string | null {
  const fromLink = window.location.hash.slice(1);
  if (fromLink) {
    sessionStorage.setItem(PENDING_INVITATION_KEY, fromLink);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return sessionStorage.getItem(PENDING_INVITATION_KEY);
}

const forget = () => sessionStorage.removeItem(PENDING_INVITATION_KEY);

/** An invitation between a parent and a student: who sent it, and accepting it with the invited account. */
export default function InvitationPage() {
  const [token] = useState(invitationToken);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.post<InvitationView>('/invitations/view', { token }, FAMILY_MESSAGES.invitationInvalid),
    enabled: token !== null,
    retry: false,
  });

  if (!token || invitation.isError) {
    return (
      <AuthCard title="Invitation">
        <PageState
          kind="error"
          title="This invitation cannot be used"
          text={
            invitation.isError
              ? errorMessage(invitation.error, FAMILY_MESSAGES.invitationInvalid)
              : FAMILY_MESSAGES.invitationInvalid
          }
          action={
            <ButtonLink to={paths.home} onClick={forget}>
              Go to the home page
            </ButtonLink>
          }
        />
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthCard title="Invitation">
        <PageState kind="loading" title="Opening your invitation..." />
      </AuthCard>
    );
  }
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationView }) {
  const { user } = useAuth();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const invitesParent = invitation.kind === 'student-invites-parent';
  const lead = invitesParent
    ? `${invitation.inviterName} invites you to follow their learning as their parent or guardian.`
    : `${invitation.inviterName} invites you to link your student account to their parent account, so they can follow your learning.`;
  const until = new Date(invitation.expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' });

  const accept = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.post('/invitations/accept', { token }, FAMILY_MESSAGES.acceptFailed);
      forget();
      setAccepted(true);
    } catch (failure) {
      setError(errorMessage(failure, FAMILY_MESSAGES.acceptFailed));
    } finally {
      setBusy(false);
    }
  };

  if (accepted) {
    return (
      <AuthCard title="You are linked">
        <Alert tone="success">{FAMILY_MESSAGES.invitationAccepted}</Alert>
        <ButtonLink to={paths.dashboard} block size="lg">
          Go to your dashboard
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="You are invited" subtitle={lead}>
      <p className={styles.note}>
        It was sent to <strong>{invitation.email}</strong> and works once, until {until}.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!user ? (
        <div className={styles.actions}>
          <ButtonLink to={paths.signin} block size="lg">
            Log In to accept
          </ButtonLink>
          <ButtonLink
            to={paths.signup}
            state={{ email: invitation.email, role: invitesParent ? 'parent' : 'student' }}
            variant="secondary"
            block
            size="lg"
          >
            {invitesParent ? 'Create a parent account' : 'Create a student account'}
          </ButtonLink>
        </div>
      ) : user.email !== invitation.email ? (
        <Alert tone="info">{FAMILY_MESSAGES.invitationForeign}</Alert>
      ) : (
        <Button block size="lg" onClick={() => void accept()} disabled={busy}>
          {busy ? 'Accepting...' : 'Accept invitation'}
        </Button>
      )}
    </AuthCard>
  );
}
