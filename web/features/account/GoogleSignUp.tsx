import { Link, useNavigate } from 'react-router';
import { GOOGLE_SIGNUP_MESSAGES } from '@common/rules';
import { googleSignupForm } from '@common/schemas/auth';
import { errorMessage } from '../../api/client';
import { useGoogleSignup } from '../../api/providers';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { PageState } from '../../ui/PageState';
import { AuthCard } from './AuthCard';
import { RoleChoice } from './RoleChoice';
import type { GoogleProfileState } from './CompleteProfilePage';
import styles from './account.module.css';

/**
 * Google vouched for an e-mail that has no account yet. As on the e-mail sign-up, the person says who is signing
 * up, then completes the profile; the account is made only then.
 */
export function GoogleSignUp() {
  const navigate = useNavigate();
  const pending = useGoogleSignup(true);
  const { register, handleSubmit, formState } = useSchemaForm(googleSignupForm);

  if (pending.isPending)
    return (
      <AuthCard title="Create your account">
        <PageState kind="loading" title="Loading your Google sign-up..." />
      </AuthCard>
    );
  if (pending.isError)
    return (
      <AuthCard title="Create your account">
        <Alert tone="error">{errorMessage(pending.error, GOOGLE_SIGNUP_MESSAGES.expired)}</Alert>
        <p className={styles.links}>
          <Link to={paths.signin}>Log In</Link> or <Link to={paths.signup}>sign up with your email</Link>
        </p>
      </AuthCard>
    );

  const { email, first_name, last_name } = pending.data;
  const onSubmit = handleSubmit((values) => {
    const state: GoogleProfileState = { via: 'google', email, role: values.role, first_name, last_name };
    navigate(paths.completeProfile, { state });
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle={
        <>
          Google confirmed <strong>{email}</strong>. Tell us who is signing up to finish your account.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <RoleChoice field={register('role')} error={formState.errors.role?.message} />
        <Button type="submit" block size="lg">
          Continue
        </Button>
      </form>
      <p className={styles.links}>
        Not you? <Link to={paths.signup}>Sign up with another email</Link>
      </p>
    </AuthCard>
  );
}
