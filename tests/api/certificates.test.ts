import { createHash, randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, type JWK } from 'jose';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningAnswer } from '@upskill/domain/enrollment';
import { CODE_ALPHABET, type CertificateAnswer } from '@upskill/domain/certificates';
import { call } from '../support/api';
import { indiaLongDate } from '../support/dates';
import { db } from '../support/admin';
import { bearer, type TestUser } from '../support/auth';
import { createStaff } from '../support/staff';
import { COURSE, enrollLearner, openBatch } from '../support/learning';
import { passCertificateWork } from '../support/assignments';

// Completion and certificates through Hosting -> Functions -> Firestore: staff complete a batch whose 24
// sessions are all held; 18 attended (75%) earns a certificate and 17 (71%) does not; staff override the rule
// either way with a reason; the certificate's page, JSON and PDF (its QR code decoded from the rendered page)
// verify it; revoking shows; forged codes all get one and the same 404.

const DAY = 86_400_000;
/** A verifier of badges, with a client address of its own (see the badge test). */
const verifier = { client: `badge-verifier-${randomUUID().slice(0, 8)}` };

/** What these tests read of an OpenBadgeCredential. */
interface BadgeVc {
  '@context': string[];
  id: string;
  type: string[];
  issuanceDate: string;
  issuer: { id: string };
  credentialSubject: {
    id: string;
    identifier: { type: string; hashed: boolean; identityType: string; identityHash: string; salt: string }[];
    achievement: { criteria: { narrative: string } } & Record<string, unknown>;
  };
  evidence: { name: string }[];
  credentialStatus: { id: string };
}
let staff: TestUser;
/** Other staff accounts take attendance, one per learner: 59 marks in a minute from one account would meet its allowance. */
let markers: TestUser[];
let batchId: string;
const learners: Record<'earns' | 'short' | 'issued' | 'withheld' | 'noWork', { learner: TestUser; enrollmentId: string }> = {} as never;

async function attend(sessionIds: string[], enrollmentId: string, marker: TestUser) {
  for (const id of sessionIds) {
    const res = await call('POST', `/api/teaching/sessions/${id}/attendance`, {
      body: { enrollmentId, present: true },
      headers: bearer(marker),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

beforeAll(async () => {
  [staff, ...markers] = await Promise.all([createStaff(), createStaff(), createStaff(), createStaff(), createStaff()]);
  batchId = await openBatch(staff);
  learners.earns = await enrollLearner(batchId, { name: 'Asha Verma' });
  learners.short = await enrollLearner(batchId, { name: 'Bilal Khan' });
  learners.issued = await enrollLearner(batchId, { name: 'Chitra Iyer' });
  learners.withheld = await enrollLearner(batchId, { name: 'Dev Malhotra' });
  learners.noWork = await enrollLearner(batchId, { name: 'Esha Rao' });
  // Time passes, by data: all 24 sessions held, one a day, ending yesterday.
  const wb = db().batch();
  const now = Date.now();
  for (let i = 0; i < 24; i++) {
    const start = now - (25 - i) * DAY;
    wb.update(db().doc(`sessions/${batchId}_${i}`), {
      startsAt: Timestamp.fromMillis(start),
      endsAt: Timestamp.fromMillis(start + 90 * 60_000),
    });
  }
  wb.update(db().doc(`batches/${batchId}`), { startsAt: Timestamp.fromMillis(now - 25 * DAY) });
  await wb.commit();
  const ids = Array.from({ length: 24 }, (_, i) => `${batchId}_${i}`);
  await attend(ids.slice(0, 18), learners.earns.enrollmentId, markers[0]);
  await attend(ids.slice(0, 17), learners.short.enrollmentId, markers[1]);
  await attend(ids, learners.withheld.enrollmentId, markers[2]);
  await attend(ids, learners.noWork.enrollmentId, markers[3]);
  // The certificate needs every certificate assignment passed too: these three hand theirs in and pass; Esha
  // attended everything but never handed in her work.
  for (const who of ['earns', 'short', 'withheld'] as const) {
    await passCertificateWork(learners[who].learner, learners[who].enrollmentId, staff, `https://github.com/${who}/python`);
  }
}, 180_000);

const certificateOf = async (enrollmentId: string) =>
  (await db().doc(`enrollments/${enrollmentId}`).get()).get('certificateCode') as string | null | undefined;
const mailsOf = async (email: string) =>
  (await db().collection('mail').where('to', '==', email).where('template', '==', 'certificate-issued').get()).docs;

describe('completing a batch', () => {
  it('staff override before completion needs a reason; then completion issues by attendance, overrides applied, each mailed once', async () => {
    const decide = (who: keyof typeof learners, body: unknown, user = staff) =>
      call('POST', `/api/staff/enrollments/${learners[who].enrollmentId}/certificate`, { body, headers: bearer(user) });
    expect((await decide('issued', { issue: true })).status).toBe(400);
    expect((await decide('issued', { issue: true, reason: ' ' })).status).toBe(400);
    expect(
      (await decide('issued', { issue: true, reason: 'Attended the weekend catch-up sessions instead.' }, learners.earns.learner)).status,
    ).toBe(403);
    expect((await decide('issued', { issue: true, reason: 'Attended the weekend catch-up sessions instead.' })).status).toBe(200);
    expect((await decide('withheld', { issue: false, reason: 'Capstone project not submitted.' })).status).toBe(200);

    expect(
      (await call('POST', `/api/staff/batches/${batchId}/complete`, { body: {}, headers: bearer(learners.earns.learner) })).status,
    ).toBe(403);
    const done = await call<{ issued: number; notEarned: number; alreadyIssued: number }>(
      'POST',
      `/api/staff/batches/${batchId}/complete`,
      { body: {}, headers: bearer(staff) },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ issued: 2, notEarned: 3, alreadyIssued: 0 });
    expect(await certificateOf(learners.earns.enrollmentId)).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    expect(await certificateOf(learners.issued.enrollmentId)).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    expect(await certificateOf(learners.short.enrollmentId)).toBeFalsy();
    expect(await certificateOf(learners.withheld.enrollmentId)).toBeFalsy();
    // Full attendance without the work earns nothing.
    expect(await certificateOf(learners.noWork.enrollmentId)).toBeFalsy();
    const code = (await certificateOf(learners.earns.enrollmentId)) ?? '';
    expect((await db().doc(`certificates/${code}`).get()).data()).toMatchObject({
      basis: 'attendance',
      attended: 18,
      held: 24,
      status: 'valid',
      public: false,
      name: 'Asha Verma',
      showLinks: false,
      projects: [
        expect.objectContaining({
          title: expect.stringMatching(/^Practice 1: /),
          points: 10,
          outOf: 10,
          link: 'https://github.com/earns/python/a1',
        }),
        expect.objectContaining({ title: expect.stringMatching(/^Practice 2: /), points: 10, outOf: 10 }),
        expect.objectContaining({ title: expect.stringMatching(/^Capstone project: /), points: 20, outOf: 20 }),
      ],
    });
    expect(
      (
        await db()
          .doc(`certificates/${(await certificateOf(learners.issued.enrollmentId)) ?? ''}`)
          .get()
      ).data(),
    ).toMatchObject({ basis: 'staff', attended: 0 });

    // Again, by staff and by the job: nothing more.
    expect((await call('POST', `/api/staff/batches/${batchId}/complete`, { body: {}, headers: bearer(staff) })).status).toBe(409);
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, ['tools/jobs.mjs', 'completions'], { encoding: 'utf8' });
    expect(await mailsOf(learners.earns.learner.email)).toHaveLength(1);
    expect(await mailsOf(learners.issued.learner.email)).toHaveLength(1);
    expect(await mailsOf(learners.short.learner.email)).toHaveLength(0);
    const audit = (await db().collection('staffAudit').where('targetId', '==', batchId).get()).docs.map((d) => d.get('action'));
    expect(audit).toContain('batch-completed');

    // The learner's My Courses carries it, with its links.
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learners.earns.learner) });
    const mine = home.body.batches.find((b) => b.batchId === batchId);
    expect(mine?.status).toBe('completed');
    expect(mine?.certificate).toMatchObject({
      code,
      status: 'valid',
      public: false,
      url: expect.stringMatching(new RegExp(`/certificates/${code}$`)),
    });
    expect(mine?.certificate?.linkedInUrl).toMatch(/^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/);
  }, 60_000);
});

describe('a completion cut short', () => {
  // Completion marks the batch, then decides each learner in a transaction of their own. A request past its 8 s
  // budget answers 503 between the two (and a job's process can die there): the batch is completed with
  // certificates still owed. These tests start from exactly what that leaves, as stored, and check that the
  // completion job and staff's Complete each finish it, once.
  let batch: string;
  let owed: { learner: TestUser; enrollmentId: string };
  let notOwed: { learner: TestUser; enrollmentId: string };
  const cutShort = () =>
    db()
      .doc(`batches/${batch}`)
      .update({ status: 'completed', completedAt: Timestamp.fromMillis(Date.now() - 60_000), certificatesPending: true });

  beforeAll(async () => {
    batch = await openBatch(staff);
    owed = await enrollLearner(batch, { name: 'Farah Siddiqui' });
    notOwed = await enrollLearner(batch, { name: 'Gopal Nair' });
    // Four sessions held (the rest still ahead): Farah attended all four, Gopal none.
    const now = Date.now();
    const wb = db().batch();
    for (let i = 0; i < 4; i++) {
      const start = now - (5 - i) * DAY;
      wb.update(db().doc(`sessions/${batch}_${i}`), {
        startsAt: Timestamp.fromMillis(start),
        endsAt: Timestamp.fromMillis(start + 90 * 60_000),
      });
    }
    wb.update(db().doc(`batches/${batch}`), { startsAt: Timestamp.fromMillis(now - 5 * DAY) });
    await wb.commit();
    await attend(
      Array.from({ length: 4 }, (_, i) => `${batch}_${i}`),
      owed.enrollmentId,
      markers[0],
    );
    await passCertificateWork(owed.learner, owed.enrollmentId, staff, 'https://github.com/farah/python');
  }, 120_000);

  it('the completion job finishes one cut short before any learner was decided, and staff cannot complete it again', async () => {
    await cutShort();
    const { execFileSync } = await import('node:child_process');
    execFileSync(process.execPath, ['tools/jobs.mjs', 'completions'], { encoding: 'utf8' });
    expect(await certificateOf(owed.enrollmentId)).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    expect(await certificateOf(notOwed.enrollmentId)).toBeFalsy();
    expect((await db().doc(`batches/${batch}`).get()).get('certificatesPending')).toBeUndefined();
    expect(await mailsOf(owed.learner.email)).toHaveLength(1);
    const again = await call('POST', `/api/staff/batches/${batch}/complete`, { body: {}, headers: bearer(staff) });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: 'This batch is already completed.' } });
  }, 60_000);

  it("staff's Complete finishes one cut short after a certificate, counting it as issued, with no second certificate or mail", async () => {
    const code = await certificateOf(owed.enrollmentId);
    await cutShort();
    const done = await call<{ issued: number; notEarned: number; alreadyIssued: number; auditId: string }>(
      'POST',
      `/api/staff/batches/${batch}/complete`,
      { body: {}, headers: bearer(staff) },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ issued: 0, alreadyIssued: 1, notEarned: 1 });
    expect(await certificateOf(owed.enrollmentId)).toBe(code);
    expect(await mailsOf(owed.learner.email)).toHaveLength(1);
    expect((await db().doc(`batches/${batch}`).get()).get('certificatesPending')).toBeUndefined();
    expect((await db().doc(`staffAudit/${done.body.auditId}`).get()).data()).toMatchObject({
      action: 'batch-completion-finished',
      targetId: batch,
    });
    expect((await call('POST', `/api/staff/batches/${batch}/complete`, { body: {}, headers: bearer(staff) })).status).toBe(409);
  }, 60_000);
});

describe('verifying a certificate', () => {
  let code: string;
  beforeAll(async () => {
    code = (await certificateOf(learners.earns.enrollmentId)) ?? '';
  });

  it('JSON and page: name, course, batch dates, instructor, issue date, valid; no e-mail; noindex until the learner says public', async () => {
    const json = await call<CertificateAnswer>('GET', `/api/certificates/${code}`);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      code,
      status: 'valid',
      name: 'Asha Verma',
      course: COURSE.name,
      instructor: expect.any(String),
      revokedAt: null,
      public: false,
    });
    expect(json.text).not.toContain(learners.earns.learner.email);
    // Typed as printed, in lower case, with dashes: the same certificate.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase();
    expect((await call<CertificateAnswer>('GET', `/api/certificates/${typed}`)).body.code).toBe(code);

    const page = await call('GET', `/certificates/${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Asha Verma');
    expect(page.text).toContain('Valid');
    expect(page.text).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.text).not.toMatch(/<script/i);

    // Only its owner may make it public.
    const toggle = (user: TestUser | null, body: unknown) =>
      call('POST', `/api/certificates/${code}/visibility`, { body, headers: user ? bearer(user) : {} });
    expect((await toggle(null, { public: true })).status).toBe(401);
    expect((await toggle(learners.short.learner, { public: true })).status).toBe(403);
    expect((await toggle(learners.earns.learner, { public: 'yes' })).status).toBe(400);
    expect((await toggle(learners.earns.learner, { public: true })).status).toBe(200);
    const indexable = await call('GET', `/certificates/${code}`);
    expect(indexable.text).toContain('<meta name="robots" content="index,follow">');
    expect(indexable.headers.get('x-robots-tag')).toBeNull();
  });

  it('lists the projects passed with their results; the links to the work only once the learner chooses to show them', async () => {
    const hidden = await call<CertificateAnswer>('GET', `/api/certificates/${code}`);
    expect(hidden.body.projects.map((p) => [p.points, p.outOf, p.link])).toEqual([
      [10, 10, null],
      [10, 10, null],
      [20, 20, null],
    ]);
    const page = await call('GET', `/certificates/${code}`);
    expect(page.text).toContain('Projects passed');
    expect(page.text).toMatch(/Capstone project: [^<]*<\/strong>: passed, 20 of 20 points/);
    expect(page.text).not.toContain('github.com/earns');
    // Only the learner may show them.
    const show = (user: TestUser, showLinks: unknown) =>
      call('POST', `/api/certificates/${code}/visibility`, { body: { showLinks }, headers: bearer(user) });
    expect((await show(learners.short.learner, true)).status).toBe(403);
    expect((await show(learners.earns.learner, 'yes')).status).toBe(400);
    expect((await call('POST', `/api/certificates/${code}/visibility`, { body: {}, headers: bearer(learners.earns.learner) })).status).toBe(
      400,
    );
    expect((await show(learners.earns.learner, true)).status).toBe(200);
    const shown = await call<CertificateAnswer>('GET', `/api/certificates/${code}`);
    expect(shown.body.projects.map((p) => p.link)).toEqual([
      'https://github.com/earns/python/a1',
      'https://github.com/earns/python/a2',
      'https://github.com/earns/python/a3',
    ]);
    expect((await call('GET', `/certificates/${code}`)).text).toContain('href="https://github.com/earns/python/a3"');
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learners.earns.learner) });
    expect(home.body.batches.find((b) => b.batchId === batchId)?.certificate).toMatchObject({ showLinks: true, hasLinks: true });
  });

  it("the PDF: its QR code, read from the rendered page, is the certificate page's URL", async () => {
    const res = await fetch(`http://127.0.0.1:5000/api/certificates/${code}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const page = mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(0);
    expect(page.toStructuredText('preserve-whitespace').asText()).toContain('Asha Verma');
    const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, true);
    const pixels = pixmap.getPixels();
    const decoded = jsQR(new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length), pixmap.getWidth(), pixmap.getHeight());
    const json = await call<CertificateAnswer>('GET', `/api/certificates/${code}`);
    expect(decoded?.data).toBe(json.body.url);
    expect(decoded?.data).toMatch(new RegExp(`/certificates/${code}$`));
  });

  it('forged codes: one 404 body for every guess our code sees (a broken escape, which never reaches it, one 400 body); no timing that tells a malformed guess from a well-formed one', async () => {
    const wellFormed = Array.from({ length: 12 }, (_, n) =>
      Array.from({ length: 12 }, (_, i) => CODE_ALPHABET[(n * 7 + i * 13) % 32]).join(''),
    );
    const malformed = [
      'x',
      'ABCDEFGHIJKU',
      '%E0%A4%A',
      '7K3M-9QXR',
      'A'.repeat(200),
      '7K3M9QXR2HD!',
      '__proto__',
      'constructor',
      '0',
      'ILLO',
      '    ',
      'null',
    ];
    // More broken percent-escapes, beside the timed pairs: every one gets the same 400 body, not just the first.
    const brokenEscapes = ['%', '%G1', 'ABC%2', '%C3%28%'];
    const bodies = new Map<number, Set<string>>();
    const decodes = (code: string) => {
      try {
        decodeURIComponent(code);
        return true;
      } catch {
        return false;
      }
    };
    const time = async (path: string) => {
      const t0 = performance.now();
      const res = await call('GET', path);
      return { res, ms: performance.now() - t0 };
    };
    for (const code of brokenEscapes) expect(decodes(code), code).toBe(false);
    const samples: { kind: 'well' | 'bad'; ms: number }[] = [];
    for (let i = 0; i < wellFormed.length; i++) {
      for (const [kind, code] of [
        ['well', wellFormed[i]],
        ['bad', malformed[i]],
      ] as const) {
        const { res, ms } = await time(`/api/certificates/${code}`);
        // Only a code that is not even a URL (a broken percent-escape) is refused before our function: 400.
        expect(res.status, code).toBe(decodes(code) ? 404 : 400);
        bodies.set(res.status, (bodies.get(res.status) ?? new Set()).add(res.text));
        samples.push({ kind, ms });
        const page = await call('GET', `/certificates/${code}`);
        expect([400, 404], code).toContain(page.status);
      }
    }
    expect([...(bodies.get(404) ?? [])]).toHaveLength(1);
    for (const code of brokenEscapes) {
      const res = await call('GET', `/api/certificates/${code}`);
      expect(res.status, code).toBe(400);
      bodies.get(400)?.add(res.text);
    }
    expect([...(bodies.get(400) ?? [])]).toHaveLength(1);
    expect(JSON.parse([...(bodies.get(404) ?? [])][0])).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
    const median = (kind: 'well' | 'bad') =>
      samples
        .filter((s) => s.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b)[6];
    console.log(`certificate 404s: median ${median('well').toFixed(1)} ms well-formed, ${median('bad').toFixed(1)} ms malformed`);
    expect(Math.abs(median('well') - median('bad'))).toBeLessThan(Math.max(median('well'), median('bad')) * 0.5 + 10);
  });

  it('the Open Badge: an OpenBadgeCredential signed RS256, verified against our published keys, with the projects as evidence', async () => {
    // Its own client address: the certificate checks' allowance is counted by address, and this file makes many.
    const res = await call('GET', `/api/certificates/${code}/badge`, verifier);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jwt/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="upskill-open-badge-${code}.jwt"`);
    const jwt = res.text;
    // A verifier's path: the JOSE header's kid dereferences to the public key, which the JWKS also lists.
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(Object.keys(header).sort()).toEqual(['alg', 'kid', 'typ']);
    const jwks = await call<{ keys: JWK[] }>('GET', '/.well-known/jwks.json', verifier);
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys).toHaveLength(1);
    for (const key of jwks.body.keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    const kid = new URL(header.kid ?? '');
    const single = await call<JWK>('GET', kid.pathname, verifier);
    expect(single.body).toEqual(jwks.body.keys[0]);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks.body), { algorithms: ['RS256'] });
    const vc = payload.vc as BadgeVc;
    expect(vc.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(vc['@context']).toEqual([
      'https://www.w3.org/2018/credentials/v1',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]);
    // The claims the proof format requires, each equal to the credential's own field.
    expect(payload.iss).toBe(vc.issuer.id);
    expect(payload.jti).toBe(vc.id);
    expect(payload.sub).toBe(vc.credentialSubject.id);
    expect(new Date((payload.nbf ?? 0) * 1000).toISOString().replace('.000Z', 'Z')).toBe(vc.issuanceDate);
    expect(vc.credentialSubject.achievement).toMatchObject({ type: ['Achievement'], achievementType: 'Certificate', name: COURSE.name });
    expect(vc.credentialSubject.achievement.criteria.narrative).toMatch(/75%.*pass every assignment/);
    expect(vc.evidence.map((e) => e.name)).toEqual([
      expect.stringMatching(/^Practice 1: /),
      expect.stringMatching(/^Practice 2: /),
      expect.stringMatching(/^Capstone project: /),
    ]);
    // The learner is named by their e-mail address, salted and hashed, never in clear.
    const [identity] = vc.credentialSubject.identifier;
    expect(identity).toMatchObject({ type: 'IdentityObject', hashed: true, identityType: 'emailAddress' });
    expect(identity.identityHash).toBe(
      `sha256$${createHash('sha256').update(`${learners.earns.learner.email.toLowerCase()}${identity.salt}`).digest('hex')}`,
    );
    expect(jwt).not.toContain(Buffer.from(learners.earns.learner.email).toString('base64url'));
    expect(JSON.stringify(payload)).not.toContain(learners.earns.learner.email);
    // The issuer profile and the status resolve.
    expect((await call<{ name: string; type: string[] }>('GET', new URL(vc.issuer.id).pathname, verifier)).body).toMatchObject({
      type: ['Profile'],
      name: 'Upskill',
    });
    expect((await call<CertificateAnswer>('GET', new URL(vc.credentialStatus.id).pathname, verifier)).body.status).toBe('valid');

    // Tampered: a changed payload, a changed signature, or another key under our kid all fail.
    const [h, p, s] = jwt.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, vc: { ...vc, name: 'Doctorate in Everything' } })).toString('base64url');
    await expect(jwtVerify(`${h}.${forged}.${s}`, createLocalJWKSet(jwks.body))).rejects.toThrow();
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    await expect(jwtVerify(`${h}.${p}.${flipped}`, createLocalJWKSet(jwks.body))).rejects.toThrow();
    const { privateKey } = await generateKeyPair('RS256');
    const impostor = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: header.kid }).sign(privateKey);
    await expect(jwtVerify(impostor, createLocalJWKSet(jwks.body))).rejects.toThrow();
  });

  it('revoked by staff with a reason: the page says revoked with its date; the JSON too; twice is refused', async () => {
    const other = (await certificateOf(learners.issued.enrollmentId)) ?? '';
    const badgeBefore = await call('GET', `/api/certificates/${other}/badge`, verifier);
    expect(badgeBefore.status).toBe(200);
    const revoke = (body: unknown, user = staff) =>
      call('POST', `/api/staff/certificates/${other}/revoke`, { body, headers: bearer(user) });
    expect((await revoke({})).status).toBe(400);
    expect((await revoke({ reason: 'Issued in error.' }, learners.issued.learner)).status).toBe(403);
    expect((await revoke({ reason: 'Issued in error.' })).status).toBe(200);
    expect((await revoke({ reason: 'Again.' })).status).toBe(409);
    const json = await call<CertificateAnswer>('GET', `/api/certificates/${other}`);
    expect(json.body.status).toBe('revoked');
    expect(Date.now() - Date.parse(json.body.revokedAt ?? '')).toBeLessThan(120_000);
    expect(json.text).not.toContain('Issued in error.');
    // The badge downloaded before still verifies as signed, but its status now says revoked; no new badge is given.
    const { payload } = await jwtVerify(
      badgeBefore.text,
      createLocalJWKSet((await call<{ keys: JWK[] }>('GET', '/.well-known/jwks.json', verifier)).body),
    );
    const status = await call<CertificateAnswer>(
      'GET',
      new URL((payload.vc as { credentialStatus: { id: string } }).credentialStatus.id).pathname,
      verifier,
    );
    expect(status.body.status).toBe('revoked');
    expect((await call('GET', `/api/certificates/${other}/badge`, verifier)).status).toBe(409);
    const page = await call('GET', `/certificates/${other}`);
    // The India date of the revocation itself (the server's instant), not of whenever this line runs.
    expect(page.text).toContain(`Revoked on ${indiaLongDate(json.body.revokedAt ?? '')}`);
    expect(page.text).toContain('<meta name="robots" content="noindex,nofollow">');
    expect((await db().collection('staffAudit').where('targetId', '==', other).get()).docs.map((d) => d.get('action'))).toEqual([
      'certificate-revoked',
    ]);
  });

  it("the page's check form goes to the certificate typed, or to the same not-found page", async () => {
    const found = await call('GET', `/certificates/verify?code=${encodeURIComponent(code.toLowerCase())}`, { redirect: 'manual' });
    expect(found.status).toBe(302);
    expect(found.headers.get('location')).toBe(`/certificates/${code}`);
    const missing = await call('GET', '/certificates/verify?code=nothing');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No certificate with this ID');
  });
});
