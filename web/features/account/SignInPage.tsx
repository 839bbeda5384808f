import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GOOGLE_ERROR_PARAM, GOOGLE_SIGN_IN_ERRORS, MESSAGES, type GoogleSignInError } from '@common/rules';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { sentBySignInGuard } from '../../auth/guards';
import { PASSWORD_CHANGED_PARAM, paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Toast, useNotify } from '../../ui/Toast';
import { Button } from '../../ui/Button';
import { useSchemaForm } from '../../ui/form';
import { TextField } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { landingAfterSignIn } from './landing';
import { SocialButtons } from './SocialButtons';
import styles from './account.module.css';

const LOGIN_FAILED = 'Login failed. Please check your credentials and try again.';
/** The schema (and zod with it) loads on the first submit: a first visit to sign-in fetches only what it shows. */
const loadLoginBody = () => import('@common/schemas/auth').then((m) => m.loginBody);

export default function SignInPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  // After a password change the user lands here signed out, and is told why.
  // A page that needs an account sent the visitor here: they are told so.
  const [params] = useSearchParams();
  const { state } = useLocation();
  const reason = params.get(PASSWORD_CHANGED_PARAM) ? (
    'Your password has been changed. Please log in with your new password.'
  ) : sentBySignInGuard(state) ? (
    <>
      <strong>{MESSAGES.authenticationRequired}</strong>
      <br />
      Please log in to open that page.
    </>
  ) : null;
  // A sign-in with Google that did not succeed comes back here with its reason.
  const googleError = params.get(GOOGLE_ERROR_PARAM);
  const googleMessage =
    googleError === null
      ? null
      : Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, googleError)
        ? GOOGLE_SIGN_IN_ERRORS[googleError as GoogleSignInError]
        : GOOGLE_SIGN_IN_ERRORS.provider;
  const { notice, notify } = useNotify();
  const { register, handleSubmit, formState } = useSchemaForm(loadLoginBody);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await api.post('/auth/login', values, LOGIN_FAILED);
      login(reply);
      navigate(landingAfterSignIn(), { replace: true });
    } catch (error) {
      notify('error', errorMessage(error, LOGIN_FAILED));
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to continue learning.">
      {notice ? (
        <Toast notice={notice} />
      ) : googleMessage ? (
        <Alert tone="error">{googleMessage}</Alert>
      ) : reason ? (
        <Alert tone="info">{reason}</Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className={styles.row}>
          <label className={styles.checkbox}>
            <input type="checkbox" {...register('rememberMe')} /> Remember me
          </label>
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </div>
        <Button type="submit" block size="lg" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in...' : 'Log In'}
        </Button>
      </form>
      <SocialButtons />
      <p className={styles.links}>
        New to the academy? <Link to={paths.signup}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
