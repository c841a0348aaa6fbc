import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { verifyIdTokenWith } from './identity';

// The production check of a Firebase ID token, which the emulator suite cannot reach: the Auth emulator's
// tokens are unsigned and, with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin skips the signature.
// Here the emulator is not named, so firebase-admin verifies as deployed: it fetches Google's signing
// certificates (x509 PEM by key id) and, for the revocation check, looks the account up. Those two Google
// endpoints are out of reach offline, so a local server stands in for them with their documented answers,
// reached through the app's httpAgent (a connection to the stand-in, whatever host is asked for).

const PROJECT = 'upskill-verify-test';
const KID = 'stand-in-key-1';
const NOW = () => Math.floor(Date.now() / 1000);

/** An RSA key and a self-signed certificate for it, as Google publishes its token-signing keys. */
function signingKey(): { key: KeyObject; certificate: string } {
  const dir = mkdtempSync(join(tmpdir(), 'idtoken-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=securetoken.system.gserviceaccount.com',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return { key: createPrivateKey(readFileSync(join(dir, 'key.pem'))), certificate: readFileSync(join(dir, 'cert.pem'), 'utf8') };
}

const base64url = (value: object | Buffer) => (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** An RS256 JWT, as Firebase Auth signs ID tokens. */
function jwt(
  payload: Record<string, unknown>,
  key: KeyObject,
  header: Record<string, unknown> = { alg: 'RS256', kid: KID, typ: 'JWT' },
): string {
  const body = `${base64url(header)}.${base64url(payload)}`;
  return `${body}.${base64url(sign('sha256', Buffer.from(body), key))}`;
}

const claims = (uid: string, overrides: Record<string, unknown> = {}) => ({
  iss: `https://securetoken.google.com/${PROJECT}`,
  aud: PROJECT,
  auth_time: NOW() - 60,
  user_id: uid,
  sub: uid,
  iat: NOW() - 60,
  exp: NOW() + 3000,
  email: `${uid}@example.com`,
  email_verified: true,
  firebase: { identities: { email: [`${uid}@example.com`] }, sign_in_provider: 'password' },
  ...overrides,
});

describe('the production ID token check (signature, expiry, audience, issuer, revocation)', () => {
  const google = signingKey();
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  /** Accounts the lookup stand-in knows: uid -> the time (s) before which its sessions are revoked. */
  const accounts = new Map<string, number>();
  const asked: string[] = [];
  let server: Server;
  let app: App;
  const savedEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const answer = async (req: IncomingMessage) => {
    const host = req.headers.host ?? '';
    let text = '';
    for await (const chunk of req) text += chunk;
    asked.push(`${req.method} ${host}${req.url} ${text}`.trim());
    if (host === 'www.googleapis.com' && req.url === '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com')
      return { status: 200, body: { [KID]: google.certificate }, headers: { 'cache-control': 'public, max-age=20000' } };
    if (host === 'identitytoolkit.googleapis.com' && req.url === `/v1/projects/${PROJECT}/accounts:lookup`) {
      const uid = (JSON.parse(text) as { localId: string[] }).localId[0];
      const validSince = accounts.get(uid);
      if (validSince === undefined) return { status: 400, body: { error: { code: 400, message: 'USER_NOT_FOUND' } } };
      return {
        status: 200,
        body: {
          kind: 'identitytoolkit#GetAccountInfoResponse',
          users: [{ localId: uid, email: `${uid}@example.com`, emailVerified: true, validSince: String(validSince), disabled: false }],
        },
      };
    }
    return { status: 404, body: { error: { code: 404, message: 'not stood in for' } } };
  };
  /** Whether the account was ever looked up: a token refused for its signature or claims never gets that far. */
  const lookedUp = (uid: string) => asked.some((request) => request.includes('accounts:lookup') && request.includes(`"${uid}"`));

  beforeAll(async () => {
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    server = createServer((req, res) => {
      void answer(req).then(({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // Every HTTPS request of this app goes to the stand-in (plain HTTP over the connection it is given).
    class StandIn extends Agent {
      createConnection() {
        return connect(port, '127.0.0.1');
      }
    }
    app = initializeApp(
      {
        projectId: PROJECT,
        httpAgent: new StandIn(),
        credential: { getAccessToken: async () => ({ access_token: 'stand-in', expires_in: 3600 }) },
      },
      `verify-${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`,
    );
  });

  afterAll(async () => {
    if (savedEmulator !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = savedEmulator;
    await deleteApp(app);
    await new Promise((resolve) => server.close(resolve));
  });

  const verify = (token: string) => verifyIdTokenWith(getAuth(app), token);
  const refused = async (token: string) => {
    const outcome = await verify(token).then(
      () => 'accepted',
      (err: unknown) => (err instanceof HttpError ? err.status : err),
    );
    return outcome;
  };

  it('accepts a token Google signed for this project, after fetching the certificates and looking the account up', async () => {
    accounts.set('kavya', NOW() - 3600);
    const decoded = await verify(jwt(claims('kavya'), google.key));
    expect(decoded.uid).toBe('kavya');
    expect(asked).toContain('GET www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com');
    expect(lookedUp('kavya')).toBe(true);
  });

  it('refuses a forged token: the same claims and key id, signed with another key', async () => {
    accounts.set('forged', NOW() - 3600);
    const same = claims('forged');
    expect(await refused(jwt(same, stranger))).toBe(401);
    expect(lookedUp('forged')).toBe(false);
    // And one with no signature at all (alg none), and a key id Google never published.
    expect(await refused(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims('forged'))}.`)).toBe(401);
    expect(await refused(jwt(claims('forged'), google.key, { alg: 'RS256', kid: 'unknown-key', typ: 'JWT' }))).toBe(401);
    expect(lookedUp('forged')).toBe(false);
    // The control: the very same claims, signed with Google's key, are accepted; only the signature differed.
    expect(await refused(jwt(same, google.key))).toBe('accepted');
  });

  it('refuses an expired token, and one for another project or from another issuer', async () => {
    accounts.set('meera', NOW() - 3600);
    expect(await refused(jwt(claims('meera', { iat: NOW() - 7200, auth_time: NOW() - 7200, exp: NOW() - 3600 }), google.key))).toBe(401);
    expect(await refused(jwt(claims('meera', { aud: 'someone-elses-project' }), google.key))).toBe(401);
    expect(await refused(jwt(claims('meera', { iss: 'https://securetoken.google.com/someone-elses-project' }), google.key))).toBe(401);
    expect(await refused(jwt(claims('meera', { iss: 'https://evil.example/upskill-verify-test' }), google.key))).toBe(401);
    expect(lookedUp('meera')).toBe(false);
    // The control: the same account's genuine token is accepted.
    expect(await refused(jwt(claims('meera'), google.key))).toBe('accepted');
  });

  it('refuses a genuine token whose sessions were revoked after it was issued (password change, sign out everywhere)', async () => {
    accounts.set('revoked', NOW());
    expect(await refused(jwt(claims('revoked', { auth_time: NOW() - 600, iat: NOW() - 600 }), google.key))).toBe(401);
    expect(lookedUp('revoked')).toBe(true);
  });
});
