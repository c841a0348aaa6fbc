import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  adminSchema,
  normaliseOrganisation,
  organisationRequestSchema,
  organisationSchema,
  type OrganisationInput,
  type OrganisationView,
} from '@upskill/domain/organisations';
import { writeAudit } from '../audit/staffAudit';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { trustedEmail } from '../http/identity';
import { sha256 } from '../http/request';
import type { StaffActor } from '../http/staffAccess';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { STAFF_EMAIL } from '../platform/mailer';
import type { TeamAdmin } from './access';
import { organisationNotFound, organisations, organisationView, type OrganisationDoc } from './store';

/** A campus's join key: 128 random bits, URL-safe. */
const newJoinKey = () => randomBytes(16).toString('base64url');

const details = (input: OrganisationInput) =>
  normaliseOrganisation({
    kind: input.kind,
    legalName: input.legalName,
    address: input.address,
    state: input.state,
    gstin: input.gstin?.trim() ? input.gstin : null,
    domains: input.domains,
  });

/**
 * POST /api/organisations: a signed-in visitor with a verified address asks for a team or a campus from the public
 * page. Stored as requested, with them as its first admin, until staff confirm it; the same request sent again is
 * the same organisation (its id is the requester's and the legal name's), and its mails go once.
 */
export async function requestOrganisation(
  account: DecodedIdToken,
  body: unknown,
  nowMs: number,
): Promise<{ created: boolean; organisation: OrganisationView }> {
  const input = await validateBody(organisationRequestSchema, body, 'Check the highlighted fields.');
  const email = trustedEmail(account);
  if (!email) throw new HttpError('failed-precondition', 'Verify your e-mail address first: we write to it about your organisation.');
  const organisation = details(input.organisation);
  const ref = organisations().doc(sha256(`${account.uid}:${organisation.legalName.toLowerCase()}`).slice(0, 20));
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing) return { created: false, organisation: organisationView(ref.id, existing) };
      const doc: OrganisationDoc = {
        ...organisation,
        status: 'requested',
        adminEmails: [email],
        requestedBy: { uid: account.uid, email, name: input.contactName.trim() },
        message: input.message.trim() || null,
        joinKey: organisation.kind === 'campus' ? newJoinKey() : null,
        createdAt: at,
        confirmedAt: null,
        updatedAt: at,
      };
      tx.create(ref, doc);
      queueMail(tx, email, {
        template: 'team-admin',
        data: { organisationId: ref.id, organisation: doc.legalName, event: 'requested', by: null },
      });
      queueMail(tx, STAFF_EMAIL.value(), {
        template: 'team-admin',
        data: { organisationId: ref.id, organisation: doc.legalName, event: 'review', by: `${input.contactName.trim()} <${email}>` },
      });
      return { created: true, organisation: organisationView(ref.id, doc) };
    }),
  );
}

/** POST /api/staff/organisations: staff create an organisation directly, confirmed, with its first admin. */
export async function createOrganisation(actor: StaffActor, body: unknown, nowMs: number): Promise<OrganisationView> {
  const { admin, ...rest } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const input = await validateBody(organisationSchema, rest, 'Check the highlighted fields.');
  const { email } = await validateBody(adminSchema, { email: admin }, 'Check the highlighted fields.');
  const organisation = details(input);
  const ref = organisations().doc();
  const at = Timestamp.fromMillis(nowMs);
  const doc: OrganisationDoc = {
    ...organisation,
    status: 'confirmed',
    adminEmails: [email.trim().toLowerCase()],
    requestedBy: null,
    message: null,
    joinKey: organisation.kind === 'campus' ? newJoinKey() : null,
    createdAt: at,
    confirmedAt: at,
    updatedAt: at,
  };
  await withDeadline(
    runTransaction(async (tx) => {
      tx.create(ref, doc);
      writeAudit(tx, actor, 'organisation-created', { kind: 'organisation', id: ref.id }, `${doc.legalName} (${doc.kind})`);
      queueMail(tx, doc.adminEmails[0], {
        template: 'team-admin',
        data: { organisationId: ref.id, organisation: doc.legalName, event: 'confirmed', by: null },
      });
    }),
  );
  return organisationView(ref.id, doc);
}

/** POST /api/staff/organisations/{id}/confirm: a requested organisation checked and confirmed; its admins are told once. */
export async function confirmOrganisation(actor: StaffActor, id: string, nowMs: number): Promise<OrganisationView> {
  const ref = organisations().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw organisationNotFound();
      if (doc.status === 'confirmed') return organisationView(id, doc);
      const confirmed: OrganisationDoc = {
        ...doc,
        status: 'confirmed',
        confirmedAt: Timestamp.fromMillis(nowMs),
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, confirmed);
      writeAudit(tx, actor, 'organisation-confirmed', { kind: 'organisation', id }, doc.legalName);
      for (const email of doc.adminEmails)
        queueMail(tx, email, {
          template: 'team-admin',
          data: { organisationId: id, organisation: doc.legalName, event: 'confirmed', by: null },
        });
      return organisationView(id, confirmed);
    }),
  );
}

/** At most this many admins per organisation. */
const MAX_ADMINS = 10;

/** POST /api/team/{org}/admins {email}: an admin adds another, who is mailed; adding one twice changes nothing. */
export async function addAdmin(admin: TeamAdmin, id: string, body: unknown, nowMs: number): Promise<OrganisationView> {
  const { email } = await validateBody(adminSchema, body, 'Check the address.');
  const address = email.trim().toLowerCase();
  const ref = organisations().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw organisationNotFound();
      if (doc.adminEmails.includes(address)) return organisationView(id, doc);
      if (doc.adminEmails.length >= MAX_ADMINS)
        throw new HttpError('invalid-argument', 'Check the address.', { email: `An organisation has at most ${MAX_ADMINS} admins.` });
      const updated = { ...doc, adminEmails: [...doc.adminEmails, address], updatedAt: Timestamp.fromMillis(nowMs) };
      tx.set(ref, updated);
      queueMail(tx, address, {
        template: 'team-admin',
        data: { organisationId: id, organisation: doc.legalName, event: 'added', by: admin.name },
      });
      return organisationView(id, updated);
    }),
  );
}
