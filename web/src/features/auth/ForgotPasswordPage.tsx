import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { ApiError, apiRequest } from '../../lib/api';
import { lazyResolver } from '../../lib/lazyResolver';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import type { ResetRequestValues } from '@upskill/domain/forms';

const validation = lazyResolver(() => import('./resetResolver').then((m) => m.resetResolver));

/**
 * "Forgot password?" (/account/reset): asks for the reset mail. The answer is the same whether or not
 * the address has an account, so the page says what happens in both cases.
 */
export default function ForgotPasswordPage() {
  useDocumentMeta('Reset your password', 'Forgot your Upskill password? Get a link to choose a new one.', { noindex: true });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestValues>({ resolver: validation.resolver, defaultValues: { email: '' } });

  const onValid = async ({ email }: ResetRequestValues) => {
    setError(null);
    try {
      await apiRequest('/api/account/password-reset', { method: 'POST', body: { email: email.trim() }, retries: 2 });
      setSentTo(email.trim());
    } catch (err) {
      if (err instanceof ApiError && err.fields.email) setFieldError('email', { message: err.fields.email });
      else
        setError(
          err instanceof ApiError && err.status !== 0 ? err.message : 'We could not send the link. Check your connection and try again.',
        );
    }
  };

  return (
    <section className="section">
      <div className="container">
        <div className="card auth">
          <h1>Forgot your password?</h1>
          {sentTo ? (
            <>
              <p className="status status--success" role="status">
                If an account uses {sentTo}, a link to choose a new password is on its way. It works once, for {ACCOUNT_LINK_MINUTES}{' '}
                minutes.
              </p>
              <p className="muted">
                Nothing after a few minutes? Check your spam folder, or make sure this is the address you registered with. You can ask again
                in a minute.
              </p>
              <button type="button" className="btn btn--secondary btn--block" onClick={() => setSentTo(null)}>
                Use another address
              </button>
            </>
          ) : (
            <>
              <p className="muted">Enter the e-mail you signed up with and we will send you a link to choose a new password.</p>
              {error && (
                <p className="status status--error" role="alert">
                  {error}
                </p>
              )}
              <form noValidate onSubmit={handleSubmit(onValid)} onFocus={validation.preload} onPointerDown={validation.preload}>
                <FormField label="E-mail" error={errors.email?.message}>
                  <input className="input" type="email" autoComplete="email" {...register('email')} />
                </FormField>
                <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
                  {isSubmitting ? 'Sending...' : 'Send me a reset link'}
                </button>
              </form>
            </>
          )}
          <p className="center auth__switch">
            Remembered it? <Link to={paths.login}>Log in</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
