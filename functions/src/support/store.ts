import type { StaffSupportRequest, SupportRequestView } from '@upskill/domain/support';
import { SUPPORT_PROMISE } from '@upskill/domain/support';
import { collection, type Stored } from '../platform/collections';

export const supportRequests = () => collection('supportRequests');
export const supportNumbers = () => collection('supportNumbers');

export type SupportRequestDoc = Stored<'supportRequests'>;

const iso = (t: { toMillis(): number }) => new Date(t.toMillis()).toISOString();

/** A request as its learner sees it: the thread, its state and the promise; never who on the team has it. */
export function requestView(id: string, doc: SupportRequestDoc): SupportRequestView {
  return {
    id,
    reference: doc.reference,
    topic: doc.topic,
    enrollmentId: doc.enrollmentId,
    enrollmentLabel: doc.enrollmentLabel,
    tier: doc.tier,
    state: doc.state,
    dueAt: iso(doc.dueAt),
    promise: SUPPORT_PROMISE[doc.tier].label,
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
    thread: doc.thread.map((m) => ({ from: m.from, name: m.name, body: m.body, at: iso(m.at) })),
  };
}

/** A request as staff see it: the learner, who has it, the first answer's time, and whether it is late now. */
export function staffRequestView(id: string, doc: SupportRequestDoc, nowMs: number): StaffSupportRequest {
  return {
    ...requestView(id, doc),
    name: doc.name,
    email: doc.email,
    assignee: doc.assignee,
    firstReplyAt: doc.firstReplyAt ? iso(doc.firstReplyAt) : null,
    firstReplyOnTime: doc.firstReplyOnTime,
    overdue: doc.state === 'open' && doc.dueAt.toMillis() < nowMs,
  };
}
