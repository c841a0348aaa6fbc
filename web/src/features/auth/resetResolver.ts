import { yupResolver } from '@hookform/resolvers/yup';
import { resetRequestSchema } from '@upskill/domain/forms';

/** The "Forgot password?" form's validation, loaded when the visitor reaches for the form. */
export const resetResolver = yupResolver(resetRequestSchema);
