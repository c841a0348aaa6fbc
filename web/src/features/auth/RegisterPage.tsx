import { yupResolver } from '@hookform/resolvers/yup';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { registerSchema, type RegisterValues } from '@upskill/domain/forms';
import { usePasswordPolicy } from './usePasswordPolicy';
import { useSignInFlow } from './useSignInFlow';

export default function RegisterPage() {
  useDocumentMeta('Create your account', 'Register for Upskill to keep track of your courses and enrollments.');
  const { redirectTo, error, setError, done, attempt } = useSignInFlow();
  const policy = usePasswordPolicy();
  const schema = useMemo(() => registerSchema(policy.minLength), [policy.minLength]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: yupResolver(schema), defaultValues: { email: '', password: '', confirmPassword: '' } });

  const onValid = ({ email, password }: RegisterValues) => attempt((actions) => actions.registerWithEmail(email, password));

  return (
    <AuthCard
      title="Create your account"
      intro="Track your enrollments and pick up where you left off."
      error={error}
      onGoogleSuccess={done}
      onGoogleError={setError}
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} state={{ from: redirectTo }}>
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormField label="E-mail" error={errors.email?.message}>
          <input className="input" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" hint={policy.hint} error={errors.password?.message}>
          <input className="input" type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <input className="input" type="password" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Register'}
        </button>
      </form>
    </AuthCard>
  );
}
