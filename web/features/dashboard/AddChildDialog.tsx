import { useState } from 'react';
import { FAMILY_MESSAGES, INVITATION_TTL_DAYS } from '@common/rules';
import { childAccountBody, invitationBody } from '@common/schemas/families';
import { errorMessage } from '../../api/client';
import { FormDialog } from '../../ui/FormDialog';
import { PasswordChecklist } from '../../ui/PasswordChecklist';
import { TextField } from '../../ui/Field';
import { ProfileFields } from '../../ui/ProfileFields';
import { useSchemaForm } from '../../ui/form';
import { Tabs } from '../../ui/Tabs';
import { useCreateChild, useInviteStudent } from './api';
import styles from './dashboard.module.css';

type Way = 'create' | 'invite';
/** What a parent tells of their child; the same fields as editing the child's details later. */
export const CHILD_FIELDS = ['first_name', 'last_name', 'grade_level', 'birthday', 'school'] as const;

/**
 * Add a child: create their student account (they sign in with the e-mail given here, and the password set here or
 * one they choose from their welcome e-mail), or invite the student account they already have.
 */
export function AddChildDialog({ onClose, onDone }: { onClose(): void; onDone(message: string): void }) {
  const [way, setWay] = useState<Way>('create');
  return way === 'create' ? (
    <CreateChildForm onClose={onClose} onDone={onDone} switcher={<WaySwitch way={way} onChange={setWay} />} />
  ) : (
    <InviteStudentForm onClose={onClose} onDone={onDone} switcher={<WaySwitch way={way} onChange={setWay} />} />
  );
}

function WaySwitch({ way, onChange }: { way: Way; onChange(way: Way): void }) {
  return (
    <Tabs
      label="How to add your child"
      variant="pills"
      value={way}
      onChange={onChange}
      tabs={[
        { value: 'create', label: 'Create an account', content: null },
        { value: 'invite', label: 'Link an existing student', content: null },
      ]}
    />
  );
}

interface FormProps {
  onClose(): void;
  onDone(message: string): void;
  switcher: React.ReactNode;
}

function CreateChildForm({ onClose, onDone, switcher }: FormProps) {
  const create = useCreateChild();
  const [error, setError] = useState<string>();
  const { register, submitWith, formState, watch } = useSchemaForm(childAccountBody, {
    defaultValues: { password: '' },
  });
  const e = formState.errors;
  const onSubmit = submitWith(
    async (values) => {
      const reply = await create.mutateAsync({ ...values, password: values.password ?? '' });
      onDone(reply.message);
    },
    (failure) => setError(errorMessage(failure, FAMILY_MESSAGES.addChildFailed)),
  );
  const password = String(watch('password') ?? '');
  return (
    <FormDialog
      title="Add a child"
      submitLabel="Create account"
      busyLabel="Creating..."
      busy={create.isPending}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      {switcher}
      <ProfileFields
        fields={CHILD_FIELDS}
        wide={['school']}
        own={false}
        register={register}
        errors={formState.errors}
      />
      <TextField
        label="Child's email"
        type="email"
        autoComplete="off"
        hint="Your child signs in with this address, and gets a welcome e-mail there."
        error={e.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password (optional)"
        type="password"
        autoComplete="new-password"
        hint="Set your child's password, or leave it empty: they choose one from the welcome e-mail."
        error={e.password?.message}
        {...register('password')}
      />
      {password ? <PasswordChecklist password={password} /> : null}
    </FormDialog>
  );
}

function InviteStudentForm({ onClose, onDone, switcher }: FormProps) {
  const invite = useInviteStudent();
  const [error, setError] = useState<string>();
  const { register, submitWith, formState } = useSchemaForm(invitationBody);
  const onSubmit = submitWith(
    async ({ email }) => {
      const reply = await invite.mutateAsync(email);
      onDone(reply.message);
    },
    (failure) => setError(errorMessage(failure, FAMILY_MESSAGES.inviteFailed)),
  );
  return (
    <FormDialog
      title="Add a child"
      submitLabel="Send invitation"
      busyLabel="Sending..."
      busy={invite.isPending}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      {switcher}
      <p className={styles.muted}>
        Your child already has a student account? We e-mail them a link; once they accept it, their progress shows here.
        The link works once, for {INVITATION_TTL_DAYS} days.
      </p>
      <TextField
        label="Your child's account email"
        type="email"
        autoComplete="off"
        error={formState.errors.email?.message}
        {...register('email')}
      />
    </FormDialog>
  );
}
