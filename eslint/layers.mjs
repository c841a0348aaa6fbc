// The declared order of the functions' layers and the site's, as ESLint zones (import-x/no-restricted-paths).
// docs/architecture.md draws the same picture; decision 0021 says why. Lowest first: a folder may import
// only folders listed before it, so no two folders can import each other and nothing imports upward.

/** functions/src, bottom to top. endpoints/ holds one module per deployed HTTP function, deploy/ declares every deployed function; index.ts and jobs.ts compose. */
export const FUNCTION_LAYERS = [
  'platform', // Firebase Admin, Firestore's typed collections, secrets and parameters
  'http', // requests, errors, deadlines, rate limits, the caller's identity, the route table
  'mail', // the outbox, templates and the sender
  'audit', // the staff audit trail
  'consents', // consent records, minors, asking a guardian
  'batches', // batches, seats, the waitlist
  'referrals', // referral links and credits: codes, a purchase's discount and credits, what a capture settles
  'enrollment', // enrollments: create, edit, read, list, seat holds, the Pre Registration credit
  'invoices', // GST invoices and credit notes
  'payments', // gateway orders and payments, fulfilment, refunds, the reconciler
  'subscriptions', // memberships on Razorpay Subscriptions
  'checkout', // opening and confirming a payment or a subscription
  'credits', // spending a course credit; referral credits settled, listed and counted
  'switching', // switching course before the batch starts: the seat, the invoice and credit note, the mail
  'guardians', // a guardian's decision and the learner's resend
  'organisations', // teams and campuses: organisations, quotes, orders paid online or by transfer (with TDS), B2B invoices, seats and claims
  'webhooks', // Razorpay's events, applied once
  'learning', // sessions, attendance, calendars, reminders
  'starter', // starter lessons: the modules built from content/starter, who reads them, each learner's progress
  'teaching', // the instructor's side
  'certificates', // completion, certificates and their pages
  'home', // the learner's home: classes, calendars and certificates together
  'mentoring', // mentors, their hours, bookings, notes, scorecards and placement requests
  'assignments', // graded work: submissions, dates, the review queue, reviews and extensions
  'career', // career services: resume and LinkedIn reviews on a clock, through the assignments' reviewers
  'support', // support requests: the learner's thread, the promise in working hours, the team's queue
  'qa', // the mentor Q&A forum: spaces, questions and answers in Markdown, votes, follows, the answer promise
  'account', // account mail and its links
  'me', // the learner's own data: export, consents, e-mail change, deletion
  'newsletter', // double opt-in and unsubscribe
  'contact', // the contact form
  'team', // an organisation admin's page: seats, members' learning, the weekly chart, the CSV
  'staff', // the console's changes
  'endpoints', // one module per deployed function: routes only
  'deploy', // the deployed functions by kind (HTTP, document triggers, schedules), with their options
];

/** One zone per layer: nothing above it (and neither composition root) may be imported from it. */
export function functionZones(base = './functions/src') {
  return FUNCTION_LAYERS.map((layer, i) => ({
    target: `${base}/${layer}`,
    from: [...FUNCTION_LAYERS.slice(i + 1).map((above) => `${base}/${above}`), `${base}/index.ts`, `${base}/jobs.ts`],
    message: `functions/src/${layer} may import only the folders declared below it (eslint/layers.mjs, docs/architecture.md): move the shared part down, or call it from above.`,
  }));
}

/**
 * web/src: app -> features -> shared (components, lib, config). A feature reaches another only through its
 * public entry (features/x/index.ts), import() included; `features` lists the site's features.
 */
export function siteZones(features, base = './web/src') {
  // index.ts is a feature's entry; index.lazy.ts, where there is one, an entry that loads nothing heavy until used;
  // index.forms.ts, an entry for pages with forms (kept out of index.ts so other pages' shared chunk stays small).
  const entries = features.flatMap((feature) => [
    `./${feature}/index.ts`,
    `./${feature}/index.tsx`,
    `./${feature}/index.lazy.ts`,
    `./${feature}/index.forms.ts`,
  ]);
  return [
    ...features.map((feature) => ({
      target: `${base}/features/${feature}`,
      from: `${base}/features`,
      except: [`./${feature}`, ...entries],
      message: 'Use the other feature through its public entry (`../feature`), not its files (import() too).',
    })),
    ...['components', 'lib', 'config'].map((shared) => ({
      target: `${base}/${shared}`,
      from: [`${base}/features`, `${base}/app`],
      message: 'Shared code (components, lib, config) may not depend on a feature or on app/.',
    })),
    { target: `${base}/features`, from: `${base}/app`, message: 'Only app/ composes features: import config/paths for routes, not app/.' },
    // app/ composes features through their public entries only.
    ...[`${base}/app`, `${base}/entry-server.tsx`, `${base}/main.tsx`].map((target) => ({
      target,
      from: `${base}/features`,
      except: entries,
      message: 'app/ imports a feature through its public entry (features/x/index.ts) only.',
    })),
  ];
}
