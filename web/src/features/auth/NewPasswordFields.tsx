import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/FormField';
import type { NewPasswordValues } from '@upskill/domain/forms';

interface Props {
  /** The account's address, for password managers to file the new password under. */
  email: string;
  hint: string;
  /** The form's register for these two fields (any form whose values include them). */
  register: (name: keyof NewPasswordValues) => UseFormRegisterReturn;
  errors: FieldErrors<NewPasswordValues>;
}

/** "New password" twice, as the reset link's page and the account page both ask for it. */
export function NewPasswordFields({ email, hint, register, errors }: Props) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField label="New password" hint={hint} error={errors.password?.message}>
        <input className="input" type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <input className="input" type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
    </>
  );
}
