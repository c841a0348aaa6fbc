import { yupResolver } from '@hookform/resolvers/yup';
import { contactSchema } from '@upskill/domain/forms';

/** The contact form's validation: the same schema the server runs. Loaded on demand (see ContactPage). */
export const contactResolver = yupResolver(contactSchema);
