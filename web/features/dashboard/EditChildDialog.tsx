import { useState } from 'react';
import { Mail } from 'lucide-react';
import { FAMILY_MESSAGES } from '@common/rules';
import { childDetailsBody, type ChildDetails } from '@common/schemas/families';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormDialog } from '../../ui/FormDialog';
import { PageState } from '../../ui/PageState';
import { ProfileFields } from '../../ui/ProfileFields';
import { useSchemaForm } from '../../ui/form';
import { CHILD_FIELDS } from './AddChildDialog';
import { useChildDetails, useSendChildSignIn, useUpdateChild } from './childApi';
import family from './family.module.css';
import styles from './dashboard.module.css';

interface Props {
  childId: string;
  name: string;
  onClose(): void;
  onDone(message: string): void;
}

/**
 * A parent edits their child's name, grade, school and birthday (the fields they gave when adding the child), and
 * can have the academy e-mail the child how to sign in and choose a new password.
 */
export function EditChildDialog({ childId, name, onClose, onDone }: Props) {
  const details = useChildDetails(childId);
  if (!details.data) {
    return (
      <Dialog open size="lg" title={`Edit ${name}`} onClose={onClose}>
        {details.isError ? (
          <PageState
            kind="error"
            title={errorMessage(details.error, FAMILY_MESSAGES.childDetailsFailed)}
            action={<Button onClick={() => void details.refetch()}>Try Again</Button>}
          />
        ) : (
          <PageState kind="loading" title="Loading your child's details..." />
        )}
      </Dialog>
    );
  }
  return <EditChildForm details={details.data} name={name} onClose={onClose} onDone={onDone} />;
}

function EditChildForm({ details, name, onClose, onDone }: Omit<Props, 'childId'> & { details: ChildDetails }) {
  const update = useUpdateChild(details.id);
  const [error, setError] = useState<string>();
  const { register, submitWith, formState } = useSchemaForm(childDetailsBody, {
    defaultValues: {
      first_name: details.first_name,
      last_name: details.last_name,
      grade_level: details.grade_level as never,
      school: details.school,
      birthday: details.birthday,
    },
  });
  const onSubmit = submitWith(
    async (values) => onDone((await update.mutateAsync(values)).message),
    (failure) => setError(errorMessage(failure, FAMILY_MESSAGES.updateChildFailed)),
  );
  return (
    <FormDialog
      title={`Edit ${name}`}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={update.isPending}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      <ProfileFields
        fields={CHILD_FIELDS}
        wide={['school']}
        own={false}
        register={register}
        errors={formState.errors}
      />
      <SignInMail childId={details.id} email={details.email} />
    </FormDialog>
  );
}

/** The child's sign-in address, and a mail telling them how to sign in and choose a new password. */
function SignInMail({ childId, email }: { childId: string; email: string }) {
  const send = useSendChildSignIn(childId);
  return (
    <section className={family.signInMail} aria-labelledby="child-sign-in">
      <h3 id="child-sign-in">Signing in</h3>
      <p className={styles.muted}>
        Your child signs in with <strong>{email}</strong>. Forgot their password? We can e-mail them how to sign in and
        choose a new one.
      </p>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        icon={Mail}
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending...' : 'Send a sign-in e-mail'}
      </Button>
      {send.isSuccess ? <Alert tone="success">{send.data.message}</Alert> : null}
      {send.isError ? <Alert tone="error">{errorMessage(send.error, FAMILY_MESSAGES.signInMailFailed)}</Alert> : null}
    </section>
  );
}
