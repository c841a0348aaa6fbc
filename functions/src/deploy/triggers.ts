import { onDocumentCreated, onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { processAccountRequest } from '../account/trigger';
import { offerReleasedSeat } from '../batches/trigger';
import { sendQueuedMail } from '../mail/sender';
import { NEWSLETTER_LINK_SECRET } from '../mail/newsletterLinks';
import { SMTP_PASSWORD } from '../platform/mailer';
import { REGION } from './region';
import { counted } from '../platform/usageRecorder';

// The functions Firestore runs when a document is created or deleted; each is retried until it succeeds,
// and does its work once however often it runs.

/** The outbox's sender: renders and sends each queued mail/{id} over SMTP; retried by the platform while it fails. */
export const sendMail = onDocumentCreated(
  {
    document: 'mail/{id}',
    region: REGION,
    maxInstances: 10,
    timeoutSeconds: 120,
    memory: '256MiB',
    retry: true,
    secrets: [SMTP_PASSWORD, NEWSLETTER_LINK_SECRET],
  },
  counted('trigger sendMail', sendQueuedMail),
);
/** A freed seat goes to the first person on its batch's waitlist. */
export const seatReleased = onDocumentDeleted(
  { document: 'seats/{id}', region: REGION, maxInstances: 10, timeoutSeconds: 60, memory: '256MiB', retry: true },
  counted('trigger seatReleased', offerReleasedSeat),
);
/** A reset or verification mail asked for: the account is looked up and its mail queued, once. */
export const accountRequest = onDocumentCreated(
  { document: 'accountRequests/{id}', region: REGION, maxInstances: 10, timeoutSeconds: 60, memory: '256MiB', retry: true },
  counted('trigger accountRequest', processAccountRequest),
);
