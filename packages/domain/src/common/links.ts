/**
 * Site addresses that the functions put in mail as well as the site routes to, named once.
 * The enrollment form: a plan key (`pro`) or a course (`course-5`); a batch and a waitlist offer ride along.
 */
export const enrollmentFormPath = (target: string) => `/course/plans/${encodeURIComponent(target)}/info`;

export const waitlistOfferPath = (target: string, batchId: string, offer: string) =>
  `${enrollmentFormPath(target)}?batch=${encodeURIComponent(batchId)}&offer=${encodeURIComponent(offer)}`;

export const ACCOUNT_PATHS = {
  /** "Forgot password?": asks for the reset mail. */
  reset: '/account/reset',
  /** Where every account mail's link lands: reset a password, verify an address. */
  action: '/account/action',
  /** The signed-in learner's account page. */
  account: '/account',
  /** Where a guardian's consent mail lands: give, refuse or withdraw consent for a minor's enrollment. */
  guardian: '/account/guardian',
} as const;

/** The link in an account mail: it carries only the ticket, exchanged by the page for Auth's code. */
export const accountActionLink = (site: string, ticket: string) => `${site}${ACCOUNT_PATHS.action}?ticket=${encodeURIComponent(ticket)}`;

/** The link in a guardian's mail: the enrollment and the link's one-use token. */
export const guardianLink = (site: string, enrollmentId: string, token: string) =>
  `${site}${ACCOUNT_PATHS.guardian}?e=${encodeURIComponent(enrollmentId)}&t=${encodeURIComponent(token)}`;
