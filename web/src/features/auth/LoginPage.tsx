import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { lazyResolver } from '../../lib/lazyResolver';
import { useHydrated } from '../../lib/useHydrated';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import type { LoginValues } from '@upskill/domain/forms';
import { useSignInFlow } from './useSignInFlow';

// Validation (and yup) loads when the visitor reaches for the form, not with the page.
const validation = lazyResolver(() => import('./loginResolver').then((m) => m.loginResolver));

export default function LoginPage() {
  useDocumentMeta('Log in', 'Sign in to Upskill with your e-mail and password or with Google to see your courses.');
  const { redirectTo, error, setError, done, attempt } = useSignInFlow();
  // Navigation state (a notice from the account page) is not in the prerendered HTML: shown once hydrated.
  const hydrated = useHydrated();
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  const onValid = ({ email, password }: LoginValues) => attempt((actions) => actions.signInWithEmail(email, password));

  return (
    <AuthCard
      title="Welcome back"
      intro="Sign in to see your courses and enrollments."
      error={error}
      notice={hydrated && typeof notice === 'string' ? notice : null}
      onGoogleSuccess={done}
      onGoogleError={setError}
      footer={
        <>
          New to Upskill?{' '}
          <Link to={paths.register} state={{ from: redirectTo }}>
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)} onFocus={validation.preload} onPointerDown={validation.preload}>
        <FormField label="E-mail" error={errors.email?.message}>
          <input className="input" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <input className="input" type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <p className="auth__forgot">
          <Link to={paths.accountReset}>Forgot password?</Link>
        </p>
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Log in'}
        </button>
      </form>
    </AuthCard>
  );
}
