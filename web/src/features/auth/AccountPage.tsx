import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { DELETE_CONFIRMATION, RECENT_SIGN_IN_MINUTES } from '@upskill/domain/account';
import { FormField } from '../../components/FormField';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { signOutAndForget, useAuthUser } from './authState';
import { authErrorMessage } from './errors';
import { NewPasswordFields } from './NewPasswordFields';
import { Consents } from './Consents';
import { changeEmailFormSchema, changePasswordFormSchema, nameFormSchema, type ChangePasswordValues } from '@upskill/domain/accountForms';
import { usePasswordPolicy } from './usePasswordPolicy';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  downloadMyData,
  reauthenticate,
  saveName,
  signOutEverywhere,
  usesPassword,
} from './accountActions';

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** A section's result, read out when it changes. */
function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    <p className={outcome ? `status status--${outcome.kind === 'ok' ? 'success' : 'error'}` : 'visually-hidden'} role="status">
      {outcome?.text ?? ''}
    </p>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card account__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Profile({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: yupResolver(nameFormSchema),
    defaultValues: { name: user.displayName ?? '' },
  });
  const onValid = async ({ name }: { name: string }) => {
    setOutcome(null);
    try {
      await saveName(user, name.trim());
      setOutcome({ kind: 'ok', text: 'Your name is saved.' });
    } catch (err) {
      setOutcome({ kind: 'error', text: authErrorMessage(err) });
    }
  };
  return (
    <Section id="account-profile" title="Profile">
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormField
          label="Name"
          hint="As you would like us to greet you. Certificates use the name on each enrollment."
          error={errors.name?.message}
        >
          <input className="input" autoComplete="name" {...register('name')} />
        </FormField>
        <p className="muted">
          E-mail: <strong>{user.email}</strong> {user.emailVerified ? '(confirmed)' : '(not confirmed yet: see My Courses)'}
        </p>
        <OutcomeLine outcome={outcome} />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save name'}
        </button>
      </form>
    </Section>
  );
}

function Password({ user }: { user: User }) {
  const policy = usePasswordPolicy();
  const schema = useMemo(() => changePasswordFormSchema(policy.minLength), [policy.minLength]);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: yupResolver(schema),
    defaultValues: { current: '', password: '', confirmPassword: '' },
  });
  if (!usesPassword(user)) {
    return (
      <Section id="account-password" title="Password">
        <p>You sign in with Google, so there is no password to change here. Manage it in your Google account.</p>
      </Section>
    );
  }
  const onValid = async ({ current, password }: ChangePasswordValues) => {
    setOutcome(null);
    try {
      await changePassword(user, current, password);
      reset();
      setOutcome({ kind: 'ok', text: 'Your password is changed. Other devices will ask for the new one.' });
    } catch (err) {
      setOutcome({ kind: 'error', text: authErrorMessage(err) });
    }
  };
  return (
    <Section id="account-password" title="Password">
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormField label="Current password" error={errors.current?.message}>
          <input className="input" type="password" autoComplete="current-password" {...register('current')} />
        </FormField>
        <NewPasswordFields email={user.email ?? ''} hint={policy.hint} register={(name) => register(name)} errors={errors} />
        <OutcomeLine outcome={outcome} />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </Section>
  );
}

function EmailAddress({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: yupResolver(changeEmailFormSchema),
    defaultValues: { newEmail: '', current: '' },
  });
  if (!usesPassword(user)) {
    return (
      <Section id="account-email" title="E-mail address">
        <p>You sign in with Google as {user.email}, so your address is your Google account&apos;s.</p>
      </Section>
    );
  }
  const onValid = async ({ newEmail, current }: { newEmail: string; current: string }) => {
    setOutcome(null);
    try {
      await changeEmail(user, current, newEmail.trim());
      reset();
      setOutcome({
        kind: 'ok',
        text: `We have sent a link to ${newEmail.trim()}. Your address changes when you open it; until then, keep using ${user.email}.`,
      });
    } catch (err) {
      if (err instanceof ApiError && err.fields.newEmail) setError('newEmail', { message: err.fields.newEmail });
      else setOutcome({ kind: 'error', text: err instanceof ApiError ? err.message : authErrorMessage(err) });
    }
  };
  return (
    <Section id="account-email" title="E-mail address">
      <p>
        Your account uses <strong>{user.email}</strong>. To change it, we send a link to the new address, and tell the old one.
      </p>
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormField label="New e-mail address" error={errors.newEmail?.message}>
          <input className="input" type="email" autoComplete="email" {...register('newEmail')} />
        </FormField>
        <FormField label="Your password" hint="To confirm it is you." error={errors.current?.message}>
          <input className="input" type="password" autoComplete="current-password" {...register('current')} />
        </FormField>
        <OutcomeLine outcome={outcome} />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send the link'}
        </button>
      </form>
    </Section>
  );
}

/** Asks for the password (or Google) again before something that reads or erases everything. */
function ConfirmIdentity({ user, onConfirmed, onCancel }: { user: User; onConfirmed: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await reauthenticate(user, usesPassword(user) ? password : null);
      onConfirmed();
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="account__confirm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <p>For your security, please confirm it is you (you last signed in more than {RECENT_SIGN_IN_MINUTES} minutes ago).</p>
      {usesPassword(user) && (
        <FormField label="Your password" error={error ?? undefined}>
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      )}
      {!usesPassword(user) && error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <div className="account__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {usesPassword(user) ? 'Confirm and continue' : 'Confirm with Google'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function YourData({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await downloadMyData(user);
      setOutcome({ kind: 'ok', text: 'Your data is downloaded: one JSON file with everything we hold about you.' });
    } catch (err) {
      if (err instanceof ApiError && err.fields.reauthenticate) setConfirming(true);
      else
        setOutcome({
          kind: 'error',
          text:
            err instanceof ApiError && err.status !== 0 ? err.message : 'The download did not start. Check your connection and try again.',
        });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="account-data" title="Your data">
      <p>
        Download a copy of everything we hold about you: your account, enrollments, payments, invoices, memberships, certificates, the mails
        we sent you, your messages and your newsletter status. Read how we use it in our{' '}
        <Link to={paths.privacyPolicy}>privacy notice</Link>.
      </p>
      {confirming ? (
        <ConfirmIdentity
          user={user}
          onCancel={() => setConfirming(false)}
          onConfirmed={() => {
            setConfirming(false);
            void download();
          }}
        />
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing...' : 'Download my data'}
        </button>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function Sessions({ user }: { user: User }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    try {
      await signOutEverywhere(user);
      await signOutAndForget();
      navigate(paths.login, { replace: true, state: { notice: 'You are signed out on every device. Log in again to continue.' } });
    } catch (err) {
      setOutcome({
        kind: 'error',
        text: err instanceof ApiError && err.status !== 0 ? err.message : 'We could not sign you out everywhere. Please try again.',
      });
      setBusy(false);
    }
  };
  return (
    <Section id="account-sessions" title="Devices">
      <p>Lost a phone, or signed in on a shared computer? Sign out on every device at once, this one included.</p>
      <button type="button" className="btn btn--secondary" onClick={() => void everywhere()} disabled={busy}>
        {busy ? 'Signing out...' : 'Sign out everywhere'}
      </button>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

function DeleteAccount({ user }: { user: User }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const email = user.email;
      await deleteAccount(user);
      await signOutAndForget();
      navigate(paths.login, {
        replace: true,
        state: { notice: `Your account is deleted. A confirmation is on its way to ${email ?? 'your address'}.` },
      });
    } catch (err) {
      if (err instanceof ApiError && err.fields.reauthenticate) setConfirming(true);
      else
        setOutcome({
          kind: 'error',
          text:
            err instanceof ApiError && err.status !== 0
              ? err.message
              : 'We could not delete your account. Check your connection and try again.',
        });
      setBusy(false);
    }
  };
  return (
    <Section id="account-delete" title="Delete your account">
      <p>
        Deleting your account signs you out everywhere and erases your messages, the mails we sent you, your newsletter subscription, your
        certificates and any enrollment you have not paid for. Paid enrollments and their tax invoices are kept, without your name, phone or
        address, for as long as tax and company law require (eight financial years). This cannot be undone.
      </p>
      {confirming ? (
        <ConfirmIdentity
          user={user}
          onCancel={() => setConfirming(false)}
          onConfirmed={() => {
            setConfirming(false);
            void remove();
          }}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (typed === DELETE_CONFIRMATION) void remove();
          }}
        >
          <FormField
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            error={typed !== '' && typed !== DELETE_CONFIRMATION ? `Type ${DELETE_CONFIRMATION} in capitals` : undefined}
          >
            <input className="input" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </FormField>
          <button type="submit" className="btn btn--danger" disabled={busy || typed !== DELETE_CONFIRMATION}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </form>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}

/** /account: the signed-in learner's own account (app shell, noindex). */
export default function AccountPage() {
  useDocumentMeta('Your account', 'Your Upskill account: profile, password, consents and your data.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container account">
        <h1>Your account</h1>
        {auth.status === 'loading' && (
          <p className="muted" role="status">
            Loading your account...
          </p>
        )}
        {auth.status === 'ready' && !auth.user && (
          <div className="state">
            <p>Please sign in to manage your account.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.account }}>
              Sign in
            </Link>
          </div>
        )}
        {auth.status === 'ready' && auth.user && (
          <>
            <Profile user={auth.user} />
            <EmailAddress user={auth.user} />
            <Password user={auth.user} />
            <YourData user={auth.user} />
            <Consents user={auth.user} />
            <Sessions user={auth.user} />
            <DeleteAccount user={auth.user} />
          </>
        )}
      </div>
    </section>
  );
}
