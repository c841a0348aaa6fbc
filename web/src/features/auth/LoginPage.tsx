import { yupResolver } from '@hookform/resolvers/yup';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { auth } from '../../lib/firebase';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../app/paths';
import { authErrorMessage } from './errors';
import { GoogleButton } from './GoogleButton';
import { loginSchema, type LoginValues } from './schemas';
import { useRedirectTarget } from './useRedirectTarget';
import './auth.css';

export default function LoginPage() {
  useDocumentMeta('Log in', 'Sign in to Upskill with your e-mail and password or with Google to see your courses.');
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: yupResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const done = () => navigate(redirectTo, { replace: true });
  const onValid = async ({ email, password }: LoginValues) => {
    setError(null);
    try {
      await signInWithEmailAndPassword(auth, email, password);
      done();
    } catch (err) {
      setError(authErrorMessage(err));
    }
  };

  return (
    <section className="section">
      <div className="container">
        <div className="card auth">
          <h1>Welcome back</h1>
          <p className="muted">Sign in to see your courses and enrollments.</p>
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          <form noValidate onSubmit={handleSubmit(onValid)}>
            <FormField label="E-mail" error={errors.email?.message}>
              <input className="input" type="email" autoComplete="email" {...register('email')} />
            </FormField>
            <FormField label="Password" error={errors.password?.message}>
              <input className="input" type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
              {isSubmitting ? 'Signing in...' : 'Log in'}
            </button>
          </form>
          <div className="auth__divider">or</div>
          <GoogleButton onSuccess={done} onError={setError} />
          <p className="center" style={{ marginTop: 24 }}>
            New to Upskill? <Link to={paths.register} state={{ from: redirectTo }}>Create an account</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
