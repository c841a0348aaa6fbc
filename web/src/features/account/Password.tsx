import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import type { User } from 'firebase/auth';
import { FormField } from '../../components/FormField';
import { useMemo, useState } from 'react';
import { authErrorMessage, NewPasswordFields, usePasswordPolicy } from '../auth/index.forms';
import { changePasswordFormSchema, type ChangePasswordValues } from '@upskill/domain/forms';
import { changePassword, usesPassword } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';

export function Password({ user }: { user: User }) {
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
