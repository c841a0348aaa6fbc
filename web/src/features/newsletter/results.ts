/**
 * Where the links in newsletter mail land (functions/src/newsletter redirects to these); each is
 * prerendered. Kept here rather than in config/paths, which every page loads.
 */
export const NEWSLETTER_RESULTS = ['confirmed', 'unsubscribed', 'link-expired'] as const;
export type NewsletterResult = (typeof NEWSLETTER_RESULTS)[number];
export const newsletterResultPath = (result: NewsletterResult) => `/newsletter/${result}`;
