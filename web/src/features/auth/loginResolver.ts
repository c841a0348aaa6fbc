import { yupResolver } from '@hookform/resolvers/yup';
import { loginSchema } from '@upskill/domain/forms';

/** The log-in form's validation, with yup: loaded when the visitor reaches for the form (see LoginPage). */
export const loginResolver = yupResolver(loginSchema);
