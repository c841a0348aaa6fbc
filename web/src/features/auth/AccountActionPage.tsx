import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { AccountActionAnswer } from '@upskill/domain/account';
import { ACCOUNT_PATHS } from '@upskill/domain/common';
import { ApiError, apiRequest } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';
import { authErrorMessage } from './errors';
import { loadAuthActions } from './loadAuthActions';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordSchema, type NewPasswordValues } from '@upskill/domain/forms';
import { usePasswordPolicy } from './usePasswordPolicy';

type View =
  | { kind: 'opening' }
  | { kind: 'invalid'; message: string }
  | { kind: 'reset'; oobCode: string; email: string }
  | { kind: 'reset-done'; email: string }
  | { kind: 'verified'; email: string | null }
  | { kind: 'recovered'; email: string | null }
  | { kind: 'changed'; email: string | null };

/** Firebase's own link modes this page handles when it is set as the project's action URL. */
const FIREBASE_MODES = new Set(['resetPassword', 'verifyEmail', 'recoverEmail', 'verifyAndChangeEmail']);

/** Our mail's links carry a ticket, traded here for Auth's code; Firebase's own carry mode and oobCode. */
async function codeFrom(params: URLSearchParams): Promise<{ mode: string; oobCode: string }> {
  const ticket = params.get('ticket');
  if (ticket) return apiRequest<AccountActionAnswer>('/api/account/action', { method: 'POST', body: { ticket }, retries: 2 });
  const mode = params.get('mode') ?? '';
  const oobCode = params.get('oobCode') ?? '';
  if (!FIREBASE_MODES.has(mode) || !oobCode)
    throw new ApiError(404, 'This link is not complete. Please copy the whole link from the mail, or ask for a new one.');
  return { mode, oobCode };
}

async function open(params: URLSearchParams): Promise<View> {
  try {
    const { mode, oobCode } = await codeFrom(params);
    const actions = await loadAuthActions();
    if (mode === 'resetPassword') return { kind: 'reset', oobCode, email: await actions.checkResetCode(oobCode) };
    const { email } = await actions.applyCode(oobCode);
    if (mode === 'verifyAndChangeEmail') return { kind: 'changed', email };
    return mode === 'recoverEmail' ? { kind: 'recovered', email } : { kind: 'verified', email };
  } catch (err) {
    if (err instanceof ApiError)
      return {
        kind: 'invalid',
        message: err.status === 0 ? 'We could not open this link. Check your connection and reload the page.' : err.message,
      };
    return { kind: 'invalid', message: authErrorMessage(err) };
  }
}

function NewPasswordForm({ oobCode, email, onDone }: { oobCode: string; email: string; onDone: () => void }) {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => newPasswordSchema(policy.minLength), [policy.minLength]);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({ resolver: yupResolver(schema), defaultValues: { password: '', confirmPassword: '' } });
  const onValid = async ({ password }: NewPasswordValues) => {
    setError(null);
    try {
      await (await loadAuthActions()).resetPassword(oobCode, password);
      onDone();
    } catch (err) {
      setError(authErrorMessage(err));
    }
  };
  return (
    <>
      <h1>Choose a new password</h1>
      <p className="muted">For the account {email}.</p>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <NewPasswordFields email={email} hint={policy.hint} register={(name) => register(name)} errors={errors} />
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save new password'}
        </button>
      </form>
    </>
  );
}

function Outcome({ view }: { view: Exclude<View, { kind: 'reset' }> }) {
  switch (view.kind) {
    case 'opening':
      return (
        <>
          <h1>Opening your link</h1>
          <p className="muted" role="status">
            One moment...
          </p>
        </>
      );
    case 'invalid':
      return (
        <>
          <h1>This link cannot be used</h1>
          <p className="status status--error" role="alert">
            {view.message}
          </p>
          <p>
            Links from our mails work once, for a limited time. <Link to={ACCOUNT_PATHS.reset}>Ask for a new password link</Link>, or sign
            in and ask for a new verification mail from <Link to={paths.myCourses}>My Courses</Link>.
          </p>
        </>
      );
    case 'reset-done':
      return (
        <>
          <h1>Your password has been changed</h1>
          <p className="status status--success" role="status">
            You can now log in to {view.email} with your new password.
          </p>
          <Link className="btn btn--primary btn--block" to={paths.login}>
            Log in
          </Link>
        </>
      );
    case 'changed':
      return (
        <>
          <h1>Your e-mail address is changed</h1>
          <p className="status status--success" role="status">
            Your account now uses {view.email ?? 'your new address'}. For your security every device is signed out: log in with the new
            address.
          </p>
          <Link className="btn btn--primary btn--block" to={paths.login}>
            Log in
          </Link>
        </>
      );
    case 'verified':
    case 'recovered':
      return (
        <>
          <h1>{view.kind === 'verified' ? 'Your e-mail address is confirmed' : 'Your e-mail address is restored'}</h1>
          <p className="status status--success" role="status">
            {view.kind === 'verified'
              ? `Thank you. ${view.email ?? 'Your address'} is confirmed: enrollments made with it now appear in My Courses.`
              : `Your account uses ${view.email ?? 'your previous address'} again. If you did not ask for the change, choose a new password now.`}
          </p>
          <Link className="btn btn--primary btn--block" to={view.kind === 'verified' ? paths.myCourses : ACCOUNT_PATHS.reset}>
            {view.kind === 'verified' ? 'Go to My Courses' : 'Choose a new password'}
          </Link>
        </>
      );
  }
}

/**
 * /account/action: where every account mail's link lands. It opens the link once (a verification code
 * is spent when applied, so a second run would report a used link), then resets or confirms.
 */
export default function AccountActionPage() {
  useDocumentMeta('Your account', 'Reset your password or confirm your e-mail address.', { noindex: true });
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'opening' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open(params).then(setView);
  }, [params]);

  return (
    <section className="section">
      <div className="container">
        <div className="card auth" aria-live="polite">
          {view.kind === 'reset' ? (
            <NewPasswordForm oobCode={view.oobCode} email={view.email} onDone={() => setView({ kind: 'reset-done', email: view.email })} />
          ) : (
            <Outcome view={view} />
          )}
        </div>
      </div>
    </section>
  );
}
