import type { TimestampLike } from '../common';
import type { SupportState, SupportTier, SupportTopic } from './support';

// The stored shape of a support request: one record with its whole thread, so a reply, its state and its
// mail are written together. Written only by the functions; nothing reads it from a browser.

export interface SupportMessageRecord<T extends TimestampLike = TimestampLike> {
  from: 'learner' | 'staff';
  /** The learner's name, or the staff member's (shown to the learner as "Upskill support: {name}"). */
  name: string;
  body: string;
  at: T;
}

/** supportRequests/{id}: one request, its promise and its thread. */
export interface SupportRequestDoc<T extends TimestampLike = TimestampLike> {
  reference: string;
  uid: string;
  email: string;
  name: string;
  topic: SupportTopic;
  enrollmentId: string | null;
  /** What the enrollment bought, as the learner saw it when asking. */
  enrollmentLabel: string | null;
  tier: SupportTier;
  state: SupportState;
  /** When the answer is promised: the first answer's, then each time the learner writes again. */
  dueAt: T;
  firstReplyAt: T | null;
  /** Whether the first answer came by the first promise (null until it does). */
  firstReplyOnTime: boolean | null;
  assignee: { uid: string; name: string } | null;
  thread: SupportMessageRecord<T>[];
  createdAt: T;
  updatedAt: T;
  closedAt: T | null;
}

/** supportNumbers/next: the last reference number given out. */
export interface SupportNumberDoc<T extends TimestampLike = TimestampLike> {
  last: number;
  updatedAt: T;
}
