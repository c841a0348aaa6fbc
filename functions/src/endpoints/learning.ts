import { getAuth } from 'firebase-admin/auth';
import type { JoinAnswer } from '@upskill/domain/enrollment';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rateLimit';
import { DOCUMENT_ID_PATTERN, pathSegment, readJsonObject, type HttpRequest, type HttpResponse } from '../http/request';
import { optionalSignIn } from '../http/identity';
import { routeTable, type Route } from '../http/routes';
import { markLesson, starterLesson, starterModule, starterSummaries } from '../starter/lessons';
import { learningHome } from '../home/learningHome';
import { calendarFile } from '../learning/calendar';
import { createFeed, feedOwner, revokeFeeds } from '../learning/feeds';
import { joinSession } from '../learning/join';
import { mentoringEvents } from '../mentoring/calendar';
import { calendarOf, ownPlaces } from '../learning/store';
import { adminApp } from '../platform/app';
import { SITE_URL } from '../platform/mailer';
import { requireTeacher, type Teacher } from '../teaching/access';
import { listTeaching } from '../teaching/list';
import { noteAtRisk } from '../teaching/nudges';
import { addRecording, cancelSession, markAttendance, rescheduleSession } from '../teaching/sessions';

const notFound = () => new HttpError('not-found', 'No such resource.');
// A session's id is its batch's and its number (`{batchId}_{n}`): nothing else, so no reserved id (`__proto__`) reaches Firestore.
const SESSION_ID = /^[A-Za-z0-9]{1,64}_\d{1,4}$/;
const FEED_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;
const learning = { action: 'learning', by: 'router' } as const;

function sendCalendar(res: HttpResponse, body: string, filename: string | null) {
  res.set('Content-Type', 'text/calendar; charset=utf-8');
  if (filename) res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.status(200).send(body);
}

/** The instructor's side: their own batches (the instructor claim), or any (staff); counted as staff work. */
async function teacher(req: HttpRequest): Promise<Teacher> {
  const who = await requireTeacher(req);
  await enforceRateLimit('staff', req, who.uid);
  return who;
}

/** POST /api/teaching/sessions/{id}/{action}: one instructor change to a session. */
const sessionChange = (name: string, run: (t: Teacher, id: string, body: Record<string, unknown>) => Promise<unknown>): Route => ({
  method: 'POST',
  path: `/api/teaching/sessions/:id/${name}`,
  params: { id: SESSION_ID },
  auth: { kind: 'checked-by', who: 'the batch’s instructor, or staff' },
  rateLimit: { action: 'staff', by: 'capability' },
  handle: async ({ req, res, params }) => void res.status(200).json(await run(await teacher(req), params.id, readJsonObject(req))),
});

/**
 * The learner's side of live classes, and the instructor's ("My teaching"):
 *   GET    /api/learning                       their batches, timetables, attendance and recordings
 *   GET    /api/sessions/{id}/join             records attendance; 302 to the meeting (JSON with Accept: application/json)
 *   GET    /api/calendar/batches/{id}.ics      one batch's calendar (signed in, confirmed seat)
 *   GET    /api/calendar/mentoring.ics         the learner's mentoring sessions (signed in)
 *   POST   /api/calendar/feed                  a new private subscription URL (the old one stops working)
 *   DELETE /api/calendar/feed                  revoke it
 *   GET    /api/calendar/feed/{token}.ics      the subscription itself: every batch and mentoring session of the token's owner
 *   GET    /api/teaching[?batch={id}]          batches, sessions, rosters and attendance
 *   POST   /api/teaching/sessions/{id}/{attendance|recording|reschedule|cancel}
 *   POST   /api/teaching/learners/{enrollmentId}/note   the instructor's note on a learner of the at-risk list
 */
const STARTER_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const starter = { action: 'starter', by: 'router' } as const;
/** Anyone may read a module's list and its preview lesson; a signed-in caller's token (checked) brings their access and progress. */
const anyoneOrAccount = { kind: 'checked-by', who: 'anyone; a signed-in caller reads what their enrollments open' } as const;

export const LEARNING_ROUTES: readonly Route[] = [
  // Starter lessons (a programme's self-paced module): the caller's modules, a module, a lesson, and marking one done.
  {
    method: 'GET',
    path: '/api/starter',
    auth: { kind: 'account', what: 'see your starter lessons' },
    rateLimit: starter,
    handle: async ({ req, res, account }) => void res.status(200).json({ modules: await starterSummaries(account!, requestNow(req)) }),
  },
  {
    method: 'GET',
    path: '/api/starter/:programme',
    params: { programme: STARTER_SLUG },
    auth: anyoneOrAccount,
    rateLimit: starter,
    handle: async ({ req, res, params }) =>
      void res.status(200).json(await starterModule(await optionalSignIn(req), params.programme, requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/starter/:programme/:lesson',
    params: { programme: STARTER_SLUG, lesson: STARTER_SLUG },
    auth: anyoneOrAccount,
    rateLimit: starter,
    handle: async ({ req, res, params }) =>
      void res.status(200).json(await starterLesson(await optionalSignIn(req), params.programme, params.lesson, requestNow(req))),
  },
  {
    method: 'PUT',
    path: '/api/starter/:programme/:lesson/done',
    params: { programme: STARTER_SLUG, lesson: STARTER_SLUG },
    auth: { kind: 'account', what: 'keep your progress' },
    rateLimit: starter,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await markLesson(account!, params.programme, params.lesson, readJsonObject(req), requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/learning',
    auth: { kind: 'account', what: 'see your classes' },
    rateLimit: learning,
    handle: async ({ req, res, account }) => void res.status(200).json(await learningHome(account!, requestNow(req), SITE_URL.value())),
  },
  {
    method: 'GET',
    path: '/api/sessions/:id/join',
    params: { id: SESSION_ID },
    auth: { kind: 'account', what: 'join a class' },
    rateLimit: learning,
    handle: async ({ req, res, params, account }) => {
      const meetingUrl = await joinSession(account!, params.id, Date.now());
      // The page asks for JSON (a fetch cannot read a cross-origin redirect); a link or a client follows the 302.
      const accept = req.get('accept') ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) {
        res.status(200).json({ meetingUrl } satisfies JoinAnswer);
      } else {
        res.set('Location', meetingUrl);
        res.status(302).json({ meetingUrl });
      }
    },
  },
  {
    method: 'GET',
    path: '/api/calendar/batches/:id.ics',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'download your calendar' },
    rateLimit: learning,
    handle: async ({ res, params, account }) => {
      if (!(await ownPlaces(account!)).some((p) => p.batchId === params.id)) {
        throw new HttpError('permission-denied', 'This calendar is for the learners of its batch.');
      }
      sendCalendar(
        res,
        calendarFile('Upskill live classes', await calendarOf([params.id]), SITE_URL.value(), Date.now()),
        `upskill-${params.id}.ics`,
      );
    },
  },
  {
    method: 'GET',
    path: '/api/calendar/mentoring.ics',
    auth: { kind: 'account', what: 'download your calendar' },
    rateLimit: learning,
    handle: async ({ res, account }) => {
      const site = SITE_URL.value();
      sendCalendar(
        res,
        calendarFile('Upskill mentoring', [], site, Date.now(), await mentoringEvents(account!.uid, site)),
        'upskill-mentoring.ics',
      );
    },
  },
  {
    method: 'POST',
    path: '/api/calendar/feed',
    auth: { kind: 'account', what: 'manage your calendar link' },
    rateLimit: learning,
    handle: async ({ res, account }) => void res.status(201).json(await createFeed(account!, SITE_URL.value())),
  },
  {
    method: 'DELETE',
    path: '/api/calendar/feed',
    auth: { kind: 'account', what: 'manage your calendar link' },
    rateLimit: learning,
    handle: async ({ res, account }) => void res.status(200).json(await revokeFeeds(account!)),
  },
  {
    // The token is checked after the request is counted: guessing tokens costs the guesser their allowance.
    method: 'GET',
    path: '/api/calendar/feed/:token.ics',
    params: { token: 'raw' },
    auth: { kind: 'checked-by', who: 'the holder of the private link' },
    rateLimit: { action: 'calendar-feed', by: 'router' },
    handle: async ({ res, params }) => {
      const token = pathSegment(params.token, FEED_TOKEN);
      if (token === undefined) throw notFound();
      const uid = await feedOwner(token);
      const user = await getAuth(adminApp())
        .getUser(uid)
        .catch(() => null);
      // A deleted or disabled account's link shows nothing.
      if (!user || user.disabled) throw notFound();
      const places = await ownPlaces({ uid, email: user.email, email_verified: user.emailVerified });
      const site = SITE_URL.value();
      // Live classes and mentoring sessions together: the one private link a learner subscribes to.
      sendCalendar(
        res,
        calendarFile(
          'Upskill live classes',
          await calendarOf(places.map((p) => p.batchId)),
          site,
          Date.now(),
          await mentoringEvents(uid, site),
        ),
        null,
      );
    },
  },
  {
    method: 'GET',
    path: '/api/teaching',
    auth: { kind: 'checked-by', who: 'an instructor, or staff' },
    rateLimit: { action: 'staff', by: 'capability' },
    handle: async ({ req, res }) => void res.status(200).json(await listTeaching(await teacher(req), req.query.batch, Date.now())),
  },
  sessionChange('attendance', markAttendance),
  sessionChange('recording', addRecording),
  sessionChange('reschedule', rescheduleSession),
  sessionChange('cancel', cancelSession),
  {
    method: 'POST',
    path: '/api/teaching/learners/:id/note',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'checked-by', who: 'the batch’s instructor, or staff' },
    rateLimit: { action: 'staff', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await noteAtRisk(await teacher(req), params.id, readJsonObject(req))),
  },
];

export const handleLearning = routeTable('learning', LEARNING_ROUTES, notFound);
