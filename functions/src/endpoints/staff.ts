import type { StaffActionAnswer } from '@upskill/domain/staff';
import { completeBatchAction, overrideCertificate, revokeCertificate } from '../certificates/issue';
import { HttpError } from '../http/errors';
import { DOCUMENT_ID_PATTERN, readJsonObject } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import type { StaffActor } from '../http/staffAccess';
import { cancelBatch, createBatch, editBatch, listBatches, planIntake } from '../staff/batches';
import { moveLearner } from '../staff/moves';
import { roster, rosterCsv } from '../staff/rosters';
import { contactFigures, markMessageHandled } from '../staff/messages';
import { staffRecordings } from '../learning/recordings';
import { refundEnrollment } from '../staff/refunds';
import { resendMail } from '../staff/resends';
import { changeInstructor, changeMentor, changeTeam, listTeam } from '../staff/team';
import { mentoringBoard, placementBoard } from '../staff/mentoring';
import { reviewFigures } from '../staff/assignments';
import { movePlacement } from '../mentoring/placement';
import { addReferral, setReferralOutcome } from '../mentoring/referrals';
import { cancelBooking, returnSession } from '../mentoring/change';
import { advisorOf, assignAdvisor } from '../mentoring/advisor';
import { requestNow } from '../http/clock';
import { assignRequest, replyToRequest, setClosed, supportQueue } from '../support/desk';
import { hidePost, staffQa } from '../qa/moderation';
import { confirmOrganisation, createOrganisation } from '../organisations/requests';
import { priceQuote } from '../organisations/quotes';
import { recordTds, recordTransfer } from '../organisations/settle';
import { cancelUnusedSeats, staffOrganisations } from '../organisations/staffView';
import { referralFigures } from '../staff/referrals';
import { financeReport } from '../staff/finance';
import { indiaMonth } from '@upskill/domain/tax';
import { switchCourse } from '../switching/switchCourse';

/** A console change at the request's moment (the request clock: the emulator's tests may name another). */
type Action = (actor: StaffActor, id: string, body: Record<string, unknown>, nowMs: number) => Promise<StaffActionAnswer>;

const staff = { kind: 'staff' } as const;
const limit = { action: 'staff', by: 'router' } as const;

/** One console change, POST /api/staff/{collection}/{id}/{action}: staff only, the body read after the caller is checked. */
const action = (path: string, run: Action): Route => ({
  method: 'POST',
  path,
  auth: staff,
  rateLimit: limit,
  handle: async ({ req, res, params, staff: actor }) =>
    void res.status(200).json(await run(actor!, params.id, readJsonObject(req), requestNow(req))),
});

/** A month's figures, GET {path}?month=YYYY-MM: this month in India (by the request clock) when none is named. */
const monthly = (path: string, read: (month: string | undefined, currentMonth: string) => Promise<unknown>): Route => ({
  method: 'GET',
  path,
  auth: staff,
  rateLimit: limit,
  handle: async ({ req, res }) => {
    const month = typeof req.query.month === 'string' ? req.query.month : undefined;
    res.status(200).json(await read(month, indiaMonth(requestNow(req))));
  },
});

/** A change to a support request, POST /api/staff/support/{id}/{verb}: the request as staff now see it. */
const supportChange = (
  verb: string,
  run: (actor: StaffActor, id: string, body: Record<string, unknown>, nowMs: number) => Promise<unknown>,
): Route => ({
  method: 'POST',
  path: `/api/staff/support/:id/${verb}`,
  params: { id: DOCUMENT_ID_PATTERN },
  auth: staff,
  rateLimit: limit,
  handle: async ({ req, res, params, staff: actor }) =>
    void res.status(200).json(await run(actor!, params.id, readJsonObject(req), requestNow(req))),
});

/** A change to an organisation's order, POST /api/staff/seat-orders/{id}/{verb}: the order as it now stands. */
const orderChange = (
  verb: string,
  run: (actor: StaffActor, id: string, body: Record<string, unknown>, nowMs: number) => Promise<unknown>,
): Route => ({
  method: 'POST',
  path: `/api/staff/seat-orders/:id/${verb}`,
  params: { id: DOCUMENT_ID_PATTERN },
  auth: staff,
  rateLimit: limit,
  handle: async ({ req, res, params, staff: actor }) =>
    void res.status(200).json(await run(actor!, params.id, readJsonObject(req), requestNow(req))),
});

/** /api/staff/**: the route is checked before the caller, so a typo is a 404 for anyone; then 401/403, then 429. */
export const STAFF_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/staff/team',
    auth: staff,
    rateLimit: limit,
    handle: async ({ res, staff: actor }) => void res.status(200).json(await listTeam(actor!)),
  },
  {
    method: 'POST',
    path: '/api/staff/team',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) => void res.status(200).json(await changeTeam(actor!, readJsonObject(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/team/instructor',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) => void res.status(200).json(await changeInstructor(actor!, readJsonObject(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/team/mentor',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) => void res.status(200).json(await changeMentor(actor!, readJsonObject(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/batches',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await listBatches(req.query.offering)),
  },
  {
    method: 'POST',
    path: '/api/staff/batches',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) => void res.status(201).json(await createBatch(actor!, readJsonObject(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/batches/plan',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) => void res.status(201).json(await planIntake(actor!, readJsonObject(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/batches/:id/roster',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params }) => {
      const entries = await roster(params.id);
      if (req.query.format === 'csv') {
        res.set('Content-Type', 'text/csv; charset=utf-8');
        res.set('Content-Disposition', `attachment; filename="roster-${params.id}.csv"`);
        res.status(200).send(rosterCsv(entries));
      } else {
        res.status(200).json({ roster: entries });
      }
    },
  },
  {
    method: 'GET',
    path: '/api/staff/mentoring',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await mentoringBoard(req.query, requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/placements',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await placementBoard(requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/assignments',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await reviewFigures(requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/support',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await supportQueue(requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/qa',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await staffQa(requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/qa/:id/hide',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(200).json(await hidePost(actor!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/organisations',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await staffOrganisations(requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/organisations',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, staff: actor }) =>
      void res.status(201).json(await createOrganisation(actor!, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/organisations/:id/confirm',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(200).json(await confirmOrganisation(actor!, params.id, requestNow(req))),
  },
  orderChange('price', priceQuote),
  orderChange('transfers', recordTransfer),
  orderChange('tds', recordTds),
  orderChange('cancel-seats', cancelUnusedSeats),
  supportChange('assign', assignRequest),
  supportChange('reply', replyToRequest),
  supportChange('close', (actor, id, _body, now) => setClosed(actor, id, true, now)),
  supportChange('reopen', (actor, id, _body, now) => setClosed(actor, id, false, now)),
  {
    method: 'POST',
    path: '/api/staff/placements/:id',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(200).json(await movePlacement(actor!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/staff/placements/:id/referrals',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(201).json(await addReferral(actor!, params.id, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/staff/placements/:id/referrals/:n',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(200).json(await setReferralOutcome(actor!, params.id, params.n, readJsonObject(req), requestNow(req))),
  },
  {
    // Staff cancel a session for a mentor who cannot come: the learner gets it back and a link to book again.
    method: 'POST',
    path: '/api/staff/mentoring/bookings/:id/cancel',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res
        .status(200)
        .json(
          await cancelBooking(
            { as: 'mentor', actor: { uid: actor!.uid, email: actor!.email, mentor: false, staff: true } },
            params.id,
            requestNow(req),
          ),
        ),
  },
  {
    method: 'GET',
    path: '/api/staff/enrollments/:id/advisor',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params }) => void res.status(200).json(await advisorOf(params.id, req.query)),
  },
  action('/api/staff/enrollments/:id/advisor', assignAdvisor),
  {
    method: 'POST',
    path: '/api/staff/mentoring/bookings/:id/return',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res, params, staff: actor }) =>
      void res.status(200).json(await returnSession(actor!, params.id, readJsonObject(req), requestNow(req))),
  },
  action('/api/staff/messages/:id/handled', markMessageHandled),
  {
    method: 'GET',
    path: '/api/staff/recordings',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await staffRecordings(requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/staff/messages/figures',
    auth: staff,
    rateLimit: limit,
    handle: async ({ req, res }) => void res.status(200).json(await contactFigures(requestNow(req))),
  },
  monthly('/api/staff/finance', financeReport),
  monthly('/api/staff/referrals/figures', referralFigures),
  action('/api/staff/enrollments/:id/resend', resendMail),
  action('/api/staff/enrollments/:id/refund', refundEnrollment),
  action('/api/staff/enrollments/:id/move', moveLearner),
  action('/api/staff/enrollments/:id/switch', async (actor, id, body, nowMs) => {
    const { auditId } = await switchCourse({ kind: 'staff', actor }, id, body, nowMs);
    return { ok: true, auditId: auditId ?? '' };
  }),
  action('/api/staff/enrollments/:id/certificate', overrideCertificate),
  action('/api/staff/batches/:id/edit', editBatch),
  action('/api/staff/batches/:id/cancel', cancelBatch),
  action('/api/staff/batches/:id/complete', completeBatchAction),
  action('/api/staff/certificates/:id/revoke', revokeCertificate),
];

export const handleStaff = routeTable('staff', STAFF_ROUTES, () => new HttpError('not-found', 'No such staff action.'));
