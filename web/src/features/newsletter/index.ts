// The newsletter feature's public entry: the footer's sign-up form and the result pages' paths.
export { NewsletterForm } from './NewsletterForm';
export { NEWSLETTER_RESULTS, newsletterResultPath, type NewsletterResult } from './results';
