import { getAuth } from 'firebase-admin/auth';
import type { JoinAnswer } from '@upskill/domain/api';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { DOCUMENT_ID_PATTERN, allowMethods, pathSegment, readJsonObject, type HttpRequest, type HttpResponse } from '../http/request';
import { adminApp } from '../platform/app';
import { requireSignIn } from '../platform/identity';
import { SITE_URL } from '../platform/mailer';
import { batches, sessions } from '../batches/store';
import { calendarFile, type CalendarBatch } from './calendar';
import { createFeed, feedOwner, revokeFeeds } from './feeds';
import { learningHome } from './home';
import { joinSession } from './join';
import { ownPlaces, type Account } from './store';
import { requireTeacher } from '../teaching/access';
import { listTeaching } from '../teaching/list';
import { addRecording, cancelSession, markAttendance, rescheduleSession } from '../teaching/sessions';

/** The instructor's changes to a session: POST /api/teaching/sessions/{id}/{action}. */
const TEACHING_ACTIONS = { attendance: markAttendance, recording: addRecording, reschedule: rescheduleSession, cancel: cancelSession } as const;

const notFound = () => new HttpError('not-found', 'No such resource.');

const signedIn = (req: HttpRequest, what: string): Promise<Account> => requireSignIn(req, what);

/** One path segment, decoded; anything malformed is the same 404 as an unknown id. */
function segment(raw: string | undefined, pattern: RegExp): string {
  const value = pathSegment(raw, pattern);
  if (value === undefined) throw notFound();
  return value;
}

/** The calendar of the given batches (all of the learner's, or one). */
async function calendarOf(batchIds: readonly string[]): Promise<CalendarBatch[]> {
  return withDeadline(Promise.all(batchIds.map(async (id) => {
    const [batch, found] = await Promise.all([batches().doc(id).get(), sessions().where('batchId', '==', id).get()]);
    const doc = batch.data();
    return doc ? { id, batch: doc, sessions: found.docs.map((d) => ({ id: d.id, doc: d.data() })) } : null;
  }))).then((list) => list.filter((b): b is CalendarBatch => b !== null));
}

function sendCalendar(res: HttpResponse, body: string, filename: string | null) {
  res.set('Content-Type', 'text/calendar; charset=utf-8');
  if (filename) res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.status(200).send(body);
}

/**
 * The learner's side of live classes:
 *   GET    /api/learning                       their batches, timetables, attendance and recordings
 *   GET    /api/sessions/{id}/join             records attendance; 302 to the meeting (JSON with Accept: application/json)
 *   GET    /api/calendar/batches/{id}.ics      one batch's calendar (signed in, confirmed seat)
 *   POST   /api/calendar/feed                  a new private subscription URL (the old one stops working)
 *   DELETE /api/calendar/feed                  revoke it
 *   GET    /api/calendar/feed/{token}.ics      the subscription itself: every batch of the token's owner
 * and the instructor's side ("My teaching"; the instructor claim for their own batches, or staff for any):
 *   GET    /api/teaching[?batch={id}]          batches, sessions, rosters and attendance
 *   POST   /api/teaching/sessions/{id}/{attendance|recording|reschedule|cancel}
 */
export const handleLearning = jsonEndpoint('learning', async (req, res) => {
  const path = req.path.replace(/\/$/, '');
  const site = SITE_URL.value();
  if (/\/api\/learning$/.test(path)) {
    allowMethods(req, ['GET']);
    const caller = await signedIn(req, 'see your classes');
    await enforceRateLimit('learning', req, caller.uid);
    res.status(200).json(await learningHome(caller, Date.now(), site));
    return;
  }
  const join = /\/sessions\/([^/]+)\/join$/.exec(path);
  if (join) {
    const id = segment(join[1], /^[A-Za-z0-9_]{1,80}$/);
    allowMethods(req, ['GET']);
    const caller = await signedIn(req, 'join a class');
    await enforceRateLimit('learning', req, caller.uid);
    const meetingUrl = await joinSession(caller, id, Date.now());
    // The page asks for JSON (a fetch cannot read a cross-origin redirect); a link or a client follows the 302.
    const accept = req.get('accept') ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) {
      const answer: JoinAnswer = { meetingUrl };
      res.status(200).json(answer);
    } else {
      res.set('Location', meetingUrl);
      res.status(302).json({ meetingUrl });
    }
    return;
  }
  const batchCalendar = /\/calendar\/batches\/([^/]+)\.ics$/.exec(path);
  if (batchCalendar) {
    const id = segment(batchCalendar[1], DOCUMENT_ID_PATTERN);
    allowMethods(req, ['GET']);
    const caller = await signedIn(req, 'download your calendar');
    await enforceRateLimit('learning', req, caller.uid);
    if (!(await ownPlaces(caller)).some((p) => p.batchId === id)) {
      throw new HttpError('permission-denied', 'This calendar is for the learners of its batch.');
    }
    sendCalendar(res, calendarFile('Upskill live classes', await calendarOf([id]), site, Date.now()), `upskill-${id}.ics`);
    return;
  }
  if (/\/calendar\/feed$/.test(path)) {
    allowMethods(req, ['POST', 'DELETE']);
    const caller = await signedIn(req, 'manage your calendar link');
    await enforceRateLimit('learning', req, caller.uid);
    res.status(req.method === 'POST' ? 201 : 200).json(req.method === 'POST' ? await createFeed(caller, site) : await revokeFeeds(caller));
    return;
  }
  const feed = /\/calendar\/feed\/([^/]+)\.ics$/.exec(path);
  if (feed) {
    allowMethods(req, ['GET']);
    await enforceRateLimit('calendar-feed', req);
    const uid = await feedOwner(segment(feed[1], /^[A-Za-z0-9_-]{1,64}$/));
    const user = await getAuth(adminApp()).getUser(uid).catch(() => null);
    // A deleted or disabled account's link shows nothing.
    if (!user || user.disabled) throw notFound();
    const places = await ownPlaces({ uid, email: user.email, email_verified: user.emailVerified });
    sendCalendar(res, calendarFile('Upskill live classes', await calendarOf(places.map((p) => p.batchId)), site, Date.now()), null);
    return;
  }
  if (/\/api\/teaching$/.test(path)) {
    allowMethods(req, ['GET']);
    const teacher = await requireTeacher(req);
    await enforceRateLimit('staff', req, teacher.uid);
    res.status(200).json(await listTeaching(teacher, req.query.batch, Date.now()));
    return;
  }
  const teaching = /\/api\/teaching\/sessions\/([^/]+)\/([a-z]+)$/.exec(path);
  if (teaching) {
    const action = Object.hasOwn(TEACHING_ACTIONS, teaching[2]) ? TEACHING_ACTIONS[teaching[2] as keyof typeof TEACHING_ACTIONS] : undefined;
    if (!action) throw notFound();
    const id = segment(teaching[1], /^[A-Za-z0-9_]{1,80}$/);
    allowMethods(req, ['POST']);
    const teacher = await requireTeacher(req);
    await enforceRateLimit('staff', req, teacher.uid);
    res.status(200).json(await action(teacher, id, readJsonObject(req)));
    return;
  }
  throw notFound();
});
