import type { JoinAnswer } from '@upskill/domain/enrollment';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest, type HttpResponse } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { requireMentor, type MentorActor } from '../mentoring/access';
import { bookSession } from '../mentoring/book';
import { cancelBooking, joinBooking, reportNoShow, rescheduleBooking, writeNotes, writeScorecard } from '../mentoring/change';
import { mentorDesk, saveProfile } from '../mentoring/desk';
import { mentoringOverview, mentorSearch, mentorSlots } from '../mentoring/overview';
import { requestPlacement } from '../mentoring/placement';
import { reportPlacement } from '../mentoring/referrals';
import { addApplication, deleteApplication, jobTracker, updateApplication } from '../career/tracker';
import { requireReviewer, type Reviewer } from '../assignments/reviewers';
import { careerDesk, careerDeskDetail, saveCareerReview } from '../career/desk';
import { careerOverview, resubmitCareerReview, submitCareerReview } from '../career/learner';

const notFound = () => new HttpError('not-found', 'No such resource.');
const BOOKING_ID = /^[A-Za-z0-9]{1,128}$/;
/** A career review's id: its purchase, kind, allowance window and number (career/learner.ts). */
const CAREER_REVIEW_ID = /^[A-Za-z0-9]{1,128}_(resume|linkedin)_[0-9]{1,16}_[0-9]{1,2}$/;
const learner = (what: string) => ({ kind: 'account', what }) as const;
const limit = { action: 'mentoring', by: 'router' } as const;

/** The mentor's side: the mentor claim (or staff), counted per account. */
async function mentor(req: HttpRequest): Promise<MentorActor> {
  const who = await requireMentor(req);
  await enforceRateLimit('mentoring', req, who.uid);
  return who;
}

/** A reviewer of career work: a mentor or staff (the assignments' reviewers), counted per account. */
async function reviewer(req: HttpRequest): Promise<Reviewer> {
  const who = await requireReviewer(req);
  await enforceRateLimit('mentoring', req, who.uid);
  return who;
}

/** A meeting link: JSON to a page (a fetch cannot read a cross-origin redirect), a 302 to a link or a client. */
function sendJoin(req: HttpRequest, res: HttpResponse, meetingUrl: string) {
  const accept = req.get('accept') ?? '';
  if (accept.includes('application/json') && !accept.includes('text/html')) {
    res.status(200).json({ meetingUrl } satisfies JoinAnswer);
  } else {
    res.set('Location', meetingUrl);
    res.status(302).json({ meetingUrl });
  }
}

/** POST /api/mentoring/desk/bookings/{id}/{action}: one mentor action on one of their own bookings. */
const deskAction = (name: string, run: (actor: MentorActor, id: string, body: unknown, nowMs: number) => Promise<unknown>): Route => ({
  method: 'POST',
  path: `/api/mentoring/desk/bookings/:id/${name}`,
  params: { id: BOOKING_ID },
  auth: { kind: 'checked-by', who: 'the booking’s mentor, or staff' },
  rateLimit: { action: 'mentoring', by: 'capability' },
  handle: async ({ req, res, params }) => {
    const actor = await mentor(req);
    res.status(200).json(await run(actor, params.id, readJsonObject(req), requestNow(req)));
  },
});

/**
 * Mentoring, the learner's side and the mentor's:
 *   GET  /api/mentoring                              allowances, mentors, bookings, placement requests
 *   GET  /api/mentoring/mentors?kind=&q=             mentors offering that kind whose name starts with q (12 at most)
 *   GET  /api/mentoring/mentors/{id}/slots?kind=     a mentor's free starts for that kind
 *   POST /api/mentoring/bookings                     {kind, mentorId, startsAt}: book (spends the allowance)
 *   POST /api/mentoring/bookings/{id}/cancel         cancel (the session comes back 12 hours or more before)
 *   POST /api/mentoring/bookings/{id}/reschedule     {startsAt}: move (12 hours or more before)
 *   POST /api/mentoring/bookings/{id}/no-show        {note}: report that the mentor did not come
 *   GET  /api/mentoring/bookings/{id}/join           the meeting link, from 10 minutes before to the end
 *   POST /api/mentoring/placements                   {bookingId, note}: ask for placement assistance
 *   POST /api/mentoring/placements/{id}/reports      {outcome, company, role, on}: report an offer or a joining
 *   GET  /api/mentoring/desk                         the mentor's profile and bookings
 *   PUT  /api/mentoring/profile                      the mentor's profile and hours
 *   GET  /api/mentoring/career                       resume and LinkedIn reviews: what is left, and the learner's reviews
 *   GET  /api/mentoring/career/applications          the job-search tracker (Platinum, Elite) and mock interviews left
 *   POST /api/mentoring/career/applications          {company, role, link, stage, appliedOn, interviewOn, notes} + Idempotency-Key
 *   PUT  /api/mentoring/career/applications/{id}     the same fields: the application changed whole
 *   DELETE /api/mentoring/career/applications/{id}   gone: {deleted}
 *   POST /api/mentoring/career/reviews               {enrollmentId, kind, link, targetRole, postingLink}: ask for one
 *   POST /api/mentoring/career/reviews/{id}/versions {link, targetRole, postingLink}: the re-review after changes
 *   GET  /api/mentoring/career/desk                  waiting reviews for a mentor of the learner's courses, or staff
 *   GET  /api/mentoring/career/desk/{id}             one review, its versions and checklist
 *   PUT  /api/mentoring/career/desk/{id}/review      {checks, summary, firstChanges, verdict, release}
 *   GET  /api/mentoring/desk/bookings/{id}/join      the mentor's link
 *   POST /api/mentoring/desk/bookings/{id}/{cancel|notes|scorecard|no-show}
 * Another learner's or another mentor's booking is the same 404 as none.
 */
export const MENTORING_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/mentoring',
    auth: learner('see your mentoring'),
    rateLimit: limit,
    handle: async ({ req, res, account }) => void res.status(200).json(await mentoringOverview(account!, requestNow(req))),
  },
  {
    // The booking form's search: a mentor by the start of their name, among those offering the kind.
    method: 'GET',
    path: '/api/mentoring/mentors',
    auth: learner('find a mentor'),
    rateLimit: limit,
    handle: async ({ req, res, account }) => void res.status(200).json(await mentorSearch(account!, req.query, requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/mentoring/mentors/:id/slots',
    params: { id: BOOKING_ID },
    auth: learner('see a mentor’s times'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await mentorSlots(account!, params.id, req.query.kind, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/bookings',
    auth: learner('book a session'),
    rateLimit: limit,
    handle: async ({ req, res, account }) => void res.status(201).json(await bookSession(account!, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/bookings/:id/cancel',
    params: { id: BOOKING_ID },
    auth: learner('cancel a session'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await cancelBooking({ as: 'learner', account: account! }, params.id, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/bookings/:id/reschedule',
    params: { id: BOOKING_ID },
    auth: learner('move a session'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await rescheduleBooking(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/bookings/:id/no-show',
    params: { id: BOOKING_ID },
    auth: learner('report a missed session'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await reportNoShow({ as: 'learner', account: account! }, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/mentoring/bookings/:id/join',
    params: { id: BOOKING_ID },
    auth: learner('join a session'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      sendJoin(req, res, await joinBooking({ as: 'learner', account: account! }, params.id, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/placements',
    auth: learner('ask for placement assistance'),
    rateLimit: limit,
    handle: async ({ req, res, account }) =>
      void res.status(201).json(await requestPlacement(account!, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/placements/:id/reports',
    auth: learner('report an offer or a joining'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(201).json(await reportPlacement(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/mentoring/career/applications',
    auth: learner('see your job search'),
    rateLimit: null,
    handle: async ({ req, res, account }) => void res.status(200).json(await jobTracker(account!, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/career/applications',
    auth: learner('keep your job search'),
    rateLimit: limit,
    handle: async ({ req, res, account }) =>
      void res.status(201).json(await addApplication(account!, readJsonObject(req), req.get('idempotency-key'), requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/mentoring/career/applications/:id',
    auth: learner('keep your job search'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await updateApplication(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'DELETE',
    path: '/api/mentoring/career/applications/:id',
    auth: learner('keep your job search'),
    rateLimit: limit,
    handle: async ({ res, params, account }) => void res.status(200).json(await deleteApplication(account!, params.id)),
  },
  {
    method: 'GET',
    path: '/api/mentoring/career',
    auth: learner('see your career reviews'),
    rateLimit: limit,
    handle: async ({ req, res, account }) => void res.status(200).json(await careerOverview(account!, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/career/reviews',
    auth: learner('ask for a career review'),
    rateLimit: limit,
    handle: async ({ req, res, account }) =>
      void res.status(201).json(await submitCareerReview(account!, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/mentoring/career/reviews/:id/versions',
    params: { id: CAREER_REVIEW_ID },
    auth: learner('send a new version'),
    rateLimit: limit,
    handle: async ({ req, res, params, account }) =>
      void res.status(201).json(await resubmitCareerReview(account!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/mentoring/career/desk',
    auth: { kind: 'checked-by', who: 'a mentor of the learner’s courses, or staff' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res }) => void res.status(200).json(await careerDesk(await reviewer(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/mentoring/career/desk/:id',
    params: { id: CAREER_REVIEW_ID },
    auth: { kind: 'checked-by', who: 'a mentor of the learner’s courses, or staff' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res, params }) =>
      void res.status(200).json(await careerDeskDetail(await reviewer(req), params.id, requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/mentoring/career/desk/:id/review',
    params: { id: CAREER_REVIEW_ID },
    auth: { kind: 'checked-by', who: 'a mentor of the learner’s courses, or staff' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res, params }) => {
      const who = await reviewer(req);
      res.status(200).json(await saveCareerReview(who, params.id, readJsonObject(req), requestNow(req)));
    },
  },
  {
    method: 'GET',
    path: '/api/mentoring/desk',
    auth: { kind: 'checked-by', who: 'a mentor, or staff' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res }) => void res.status(200).json(await mentorDesk(await mentor(req), requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/mentoring/profile',
    auth: { kind: 'checked-by', who: 'a mentor' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res }) => {
      const actor = await mentor(req);
      res.status(200).json(await saveProfile(actor, readJsonObject(req), requestNow(req)));
    },
  },
  {
    method: 'GET',
    path: '/api/mentoring/desk/bookings/:id/join',
    params: { id: BOOKING_ID },
    auth: { kind: 'checked-by', who: 'the booking’s mentor, or staff' },
    rateLimit: { action: 'mentoring', by: 'capability' },
    handle: async ({ req, res, params }) =>
      sendJoin(req, res, await joinBooking({ as: 'mentor', actor: await mentor(req) }, params.id, requestNow(req))),
  },
  deskAction('cancel', (actor, id, _body, now) => cancelBooking({ as: 'mentor', actor }, id, now)),
  deskAction('notes', writeNotes),
  deskAction('scorecard', writeScorecard),
  deskAction('no-show', (actor, id, body, now) => reportNoShow({ as: 'mentor', actor }, id, body, now)),
];

export const handleMentoring = routeTable('mentoring', MENTORING_ROUTES, notFound);
