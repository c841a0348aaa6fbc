import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rateLimit';
import { DOCUMENT_ID_PATTERN, readJsonObject, type HttpRequest } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { grantExtension } from '../assignments/extensions';
import { learnerAssignments, submitWork } from '../assignments/learner';
import { reviewDetail, reviewQueue } from '../assignments/queue';
import { requireReviewer, type Reviewer } from '../assignments/reviewers';
import { saveReview } from '../assignments/review';
import { requireTeacher } from '../teaching/access';

const notFound = () => new HttpError('not-found', 'No such resource.');
const ASSIGNMENT_ID = /^a[1-9][0-9]?$/;

/** The reviewer's side: an instructor, a mentor of the course, or staff, counted per account. */
async function reviewer(req: HttpRequest): Promise<Reviewer> {
  const who = await requireReviewer(req);
  await enforceRateLimit('assignments', req, who.uid);
  return who;
}

/**
 * Graded assignments, the learner's side and the reviewers':
 *   GET  /api/assignments                                          the learner's batches, assignments, dates and attempts
 *   POST /api/assignments/{enrollmentId}/{assignmentId}/submissions {link?, text?}: an attempt, with its receipt
 *   GET  /api/assignments/reviews                                  the reviewer's queue, oldest first
 *   GET  /api/assignments/reviews/{submissionId}                   one submission with every attempt and its review
 *   POST /api/assignments/reviews/{submissionId}                   {scores, comments, changes, result, release}
 *   POST /api/assignments/extensions/{enrollmentId}/{assignmentId} {days, reason}: the batch's instructor or staff
 * Another learner's or another batch's work is the same 404 as none.
 */
export const ASSIGNMENT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/assignments',
    auth: { kind: 'account', what: 'see your assignments' },
    rateLimit: { action: 'assignments', by: 'router' },
    handle: async ({ req, res, account }) => void res.status(200).json(await learnerAssignments(account!, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/assignments/:enrollmentId/:assignmentId/submissions',
    params: { enrollmentId: DOCUMENT_ID_PATTERN, assignmentId: ASSIGNMENT_ID },
    auth: { kind: 'account', what: 'hand in your work' },
    rateLimit: { action: 'assignment-submit', by: 'router' },
    handle: async ({ req, res, params, account }) =>
      void res.status(201).json(await submitWork(account!, params.enrollmentId, params.assignmentId, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/assignments/reviews',
    auth: { kind: 'checked-by', who: 'an instructor, a mentor or staff' },
    rateLimit: { action: 'assignments', by: 'capability' },
    handle: async ({ req, res }) => void res.status(200).json(await reviewQueue(await reviewer(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/assignments/reviews/:id',
    auth: { kind: 'checked-by', who: 'the batch’s instructor, a mentor of its course, or staff' },
    rateLimit: { action: 'assignments', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await reviewDetail(await reviewer(req), params.id, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/assignments/reviews/:id',
    auth: { kind: 'checked-by', who: 'the batch’s instructor, a mentor of its course, or staff' },
    rateLimit: { action: 'assignments', by: 'capability' },
    handle: async ({ req, res, params }) => {
      const who = await reviewer(req);
      res.status(200).json(await saveReview(who, params.id, readJsonObject(req), requestNow(req)));
    },
  },
  {
    method: 'POST',
    path: '/api/assignments/extensions/:enrollmentId/:assignmentId',
    params: { enrollmentId: DOCUMENT_ID_PATTERN, assignmentId: ASSIGNMENT_ID },
    auth: { kind: 'checked-by', who: 'the batch’s instructor, or staff' },
    rateLimit: { action: 'staff', by: 'capability' },
    handle: async ({ req, res, params }) => {
      const teacher = await requireTeacher(req);
      await enforceRateLimit('staff', req, teacher.uid);
      res.status(200).json(await grantExtension(teacher, params.enrollmentId, params.assignmentId, readJsonObject(req)));
    },
  },
];

export const handleAssignments = routeTable('assignments', ASSIGNMENT_ROUTES, notFound);
