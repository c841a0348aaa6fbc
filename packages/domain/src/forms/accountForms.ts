import { object, ref, string, type InferType } from 'yup';
import { EMAIL_PATTERN, MESSAGES, accountEmail } from './schemas';

// The account forms of the site (sign-in, registration, reset, the account page), validated as the
// functions validate what they receive where the two meet (accountEmail).

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

/** The account page's name. */
export const nameFormSchema = object({
  name: string().trim().required('Please enter your name').max(100, 'Use at most 100 characters'),
});

/** The account page's change of address: the new address as POST /api/me/email checks it, and the current password. */
export const changeEmailFormSchema = object({
  newEmail: accountEmail('Please enter the new e-mail address'),
  current: string().required('Please enter your current password'),
});

/** The account page's change of password: the current one, and the new one typed twice. */
export function changePasswordFormSchema(minLength: number) {
  return newPasswordSchema(minLength).shape({ current: string().required('Please enter your current password') });
}
export type ChangePasswordValues = InferType<ReturnType<typeof changePasswordFormSchema>>;
