import { object, ref, string, type InferType } from 'yup';
import { EMAIL_PATTERN, MESSAGES } from '@upskill/domain/schemas';

export const DEFAULT_MIN_PASSWORD = 6;

export const loginSchema = object({
  email: string().trim().required('Please enter your e-mail').matches(EMAIL_PATTERN, 'Please enter a valid e-mail address'),
  password: string().required('Please enter your password'),
});
export type LoginValues = InferType<typeof loginSchema>;

export function registerSchema(minLength: number) {
  return object({
    email: string().trim().required('Please enter your e-mail').matches(EMAIL_PATTERN, 'Please enter a valid e-mail address'),
    password: string().required('Please choose a password').min(minLength, `Use at least ${minLength} characters`),
    confirmPassword: string()
      .required('Please confirm your password')
      .oneOf([ref('password')], MESSAGES.passwordsMismatch),
  });
}
export type RegisterValues = InferType<ReturnType<typeof registerSchema>>;

/** "Forgot password?": the address to send the link to. */
export const resetRequestSchema = object({
  email: string().trim().required('Please enter your e-mail').matches(EMAIL_PATTERN, 'Please enter a valid e-mail address'),
});
export type ResetRequestValues = InferType<typeof resetRequestSchema>;

/** A new password, typed twice (the reset link's page and the account page). */
export function newPasswordSchema(minLength: number) {
  return object({
    password: string().required('Please choose a new password').min(minLength, `Use at least ${minLength} characters`),
    confirmPassword: string()
      .required('Please confirm your new password')
      .oneOf([ref('password')], MESSAGES.passwordsMismatch),
  });
}
export type NewPasswordValues = InferType<ReturnType<typeof newPasswordSchema>>;
