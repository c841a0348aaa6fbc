/**
 * Site addresses that the functions put in mail as well as the site routes to, named once.
 * The enrollment form: a plan key (`pro`) or a course (`course-5`); a batch and a waitlist offer ride along.
 */
export const enrollmentFormPath = (target: string) => `/course/plans/${encodeURIComponent(target)}/info`;

export const waitlistOfferPath = (target: string, batchId: string, offer: string) =>
  `${enrollmentFormPath(target)}?batch=${encodeURIComponent(batchId)}&offer=${encodeURIComponent(offer)}`;
