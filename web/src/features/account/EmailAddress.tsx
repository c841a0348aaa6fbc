import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import type { User } from 'firebase/auth';
import { FormField } from '../../components/FormField';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { authErrorMessage } from '../auth/index.forms';
import { changeEmailFormSchema } from '@upskill/domain/forms';
import { changeEmail, usesPassword } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';

export function EmailAddress({ user }: { user: User }) {
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
      if (err instanceof ApiError && err.fields.newEmail) setError('newEmail', { message: err.fields.newEmail }, { shouldFocus: true });
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
