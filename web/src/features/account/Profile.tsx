import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import type { User } from 'firebase/auth';
import { FormField } from '../../components/FormField';
import { useState } from 'react';
import { authErrorMessage } from '../auth/index.forms';
import { nameFormSchema } from '@upskill/domain/forms';
import { saveName } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';

export function Profile({ user }: { user: User }) {
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
