import type { StaffActionAnswer } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { jsonEndpoint } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { allowMethods, pathSegment, readJsonObject, type HttpRequest } from '../http/request';
import { requireStaff, type StaffActor } from './access';
import { markMessageHandled } from './messages';
import { refundEnrollment } from './refunds';
import { resendMail } from './resends';
import { changeInstructor, changeTeam, listTeam } from './team';
import { cancelBatch, createBatch, editBatch, listBatches, moveLearner, planIntake, roster, rosterCsv } from './batches';
import { completeBatchAction, overrideCertificate, revokeCertificate } from '../certificates/issue';

type Action = (actor: StaffActor, id: string, body: Record<string, unknown>) => Promise<StaffActionAnswer>;

/** The console's changes, each POST /api/staff/{collection}/{id}/{action}; and /api/staff/team for admins. */
const ROUTES: Record<string, Record<string, Action>> = {
  messages: { handled: markMessageHandled },
  enrollments: { resend: resendMail, refund: refundEnrollment, move: moveLearner, certificate: overrideCertificate },
  batches: { edit: editBatch, cancel: cancelBatch, complete: completeBatchAction },
  certificates: { revoke: revokeCertificate },
};

function route(path: string): { action: Action; id: string } {
  const notFound = new HttpError('not-found', 'No such staff action.');
  const match = /\/staff\/([a-z]+)\/([^/]+)\/([a-z]+)\/?$/.exec(path);
  if (!match) throw notFound;
  const [, collection, rawId, name] = match;
  const action = Object.hasOwn(ROUTES, collection) && Object.hasOwn(ROUTES[collection], name) ? ROUTES[collection][name] : undefined;
  const id = pathSegment(rawId);
  if (!action || id === undefined) throw notFound;
  return { action, id };
}

/** /api/staff/**: the route is checked before the caller, so a typo is a 404 for anyone; then 401/403, then 429. */
export const handleStaff = jsonEndpoint('staff', async (req: HttpRequest, res) => {
  if (/\/staff\/team\/?$/.test(req.path)) {
    allowMethods(req, ['GET', 'POST']);
    const actor = await requireStaff(req);
    await enforceRateLimit('staff', req, actor.uid);
    res.status(200).json(req.method === 'GET' ? await listTeam(actor) : await changeTeam(actor, readJsonObject(req)));
    return;
  }
  if (/\/staff\/team\/instructor\/?$/.test(req.path)) {
    allowMethods(req, ['POST']);
    const actor = await requireStaff(req);
    await enforceRateLimit('staff', req, actor.uid);
    res.status(200).json(await changeInstructor(actor, readJsonObject(req)));
    return;
  }
  if (/\/staff\/batches\/?$/.test(req.path)) {
    allowMethods(req, ['GET', 'POST']);
    const actor = await requireStaff(req);
    await enforceRateLimit('staff', req, actor.uid);
    if (req.method === 'GET') res.status(200).json(await listBatches(req.query.offering));
    else res.status(201).json(await createBatch(actor, readJsonObject(req)));
    return;
  }
  if (/\/staff\/batches\/plan\/?$/.test(req.path)) {
    allowMethods(req, ['POST']);
    const actor = await requireStaff(req);
    await enforceRateLimit('staff', req, actor.uid);
    res.status(201).json(await planIntake(actor, readJsonObject(req)));
    return;
  }
  const rosterPath = /\/staff\/batches\/([A-Za-z0-9]{1,64})\/roster\/?$/.exec(req.path);
  if (rosterPath) {
    allowMethods(req, ['GET']);
    const actor = await requireStaff(req);
    await enforceRateLimit('staff', req, actor.uid);
    const entries = await roster(rosterPath[1]);
    if (req.query.format === 'csv') {
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="roster-${rosterPath[1]}.csv"`);
      res.status(200).send(rosterCsv(entries));
    } else {
      res.status(200).json({ roster: entries });
    }
    return;
  }
  const { action, id } = route(req.path);
  allowMethods(req, ['POST']);
  const actor = await requireStaff(req);
  await enforceRateLimit('staff', req, actor.uid);
  const body = readJsonObject(req);
  res.status(200).json(await action(actor, id, body));
});
