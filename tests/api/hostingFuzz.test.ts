import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMULATOR_CLIENT_HEADER, HOSTING } from '../support/env';

/**
 * What a scanner sends to the local site: random and broken paths, percent-escapes, methods and headers,
 * as raw HTTP/1.1 over a socket (fetch would repair the URL first). The emulator suite must stay up and
 * answer every one; a broken escape under /api/ is a 4xx, JSON whenever it reaches our functions.
 * (Before patches/superstatic+10.0.0.patch, the first `PUT /api/enroll/%E0%A4%A` ended the whole suite.)
 */
const RUNS = 2000;
const CONCURRENCY = 16;
const { hostname, port } = new URL(HOSTING);
// Requests that reach the functions count against this client's rate limit, not other files'.
const client = `hosting-fuzz-${randomUUID().slice(0, 8)}`;

interface RawRequest {
  method: string;
  path: string;
  headers: [string, string][];
  body: string;
}

interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Sends one request as bytes and reads the answer until the server closes the connection. */
function send(req: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error(`no answer in 20 s to ${req.method} ${req.path}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!status)
        return reject(new Error(`no HTTP answer to ${req.method} ${JSON.stringify(req.path)}: ${JSON.stringify(text.slice(0, 120))}`));
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(status[1]),
        contentType: /\r\ncontent-type: *([^\r]*)/i.exec(head)?.[1] ?? '',
        body: rest.join('\r\n\r\n'),
      });
    });
    const headers = [
      `Host: ${hostname}:${port}`,
      'Connection: close',
      `${EMULATOR_CLIENT_HEADER}: ${client}`,
      ...req.headers.map(([name, value]) => `${name}: ${value}`),
      ...(req.body ? [`Content-Length: ${Buffer.byteLength(req.body, 'latin1')}`] : []),
    ];
    socket.write(Buffer.from(`${req.method} ${req.path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${req.body}`, 'latin1'));
  });
}

// ---------------------------------------------------------------------------------------------------
// What a scanner sends.

const BROKEN_ESCAPES = ['%', '%E0%A4%A', '%E0%A4', '%C0%AF', '%ZZ', '%%', '%u0041', '%F0%9F', '%E0%A4%A%', '%2', '%C3', '%ED%A0%80'];
const PREFIXES = [
  '/',
  '/api/',
  '/api/enroll/',
  '/api/enroll',
  '/api/contact/',
  '/api/newsletter/',
  '/api/staff/',
  '/api/payments/razorpay/',
  '/courses/',
  '/receipt/',
  '/staff/',
  '/assets/',
  '/course/plans/',
  '/blog/',
  '/terms',
  '/privacy',
  '/Courses',
  '/%2e%2e/',
  '/..%2f',
  '/.git/',
];
const SEGMENT = fc.oneof(
  fc.constantFrom(...BROKEN_ESCAPES),
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%00',
    '%0d%0a',
    '%252e',
    'index.html',
    '__proto__',
    'checkout',
    'payment',
    '%ff',
    '%80',
    '~',
    '@',
    ';',
    ':',
  ),
  // Longer than a file name may be (255 bytes on Linux): the static lookup threw ENAMETOOLONG, a 500.
  fc.integer({ min: 256, max: 6000 }).map((length) => 'a'.repeat(length)),
);
const path = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.array(SEGMENT, { maxLength: 5 }), fc.option(fc.tuple(SEGMENT, SEGMENT), { nil: undefined }))
  .map(([prefix, segments, query]) => `${prefix}${segments.join('/')}${query ? `?${query[0]}=${query[1]}` : ''}`);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'FOO');
const headerValue = fc.oneof(
  fc.stringMatching(/^[ -~]{0,60}$/),
  fc.constantFrom('%E0%A4%A', '../../etc/passwd', '() { :; }; echo x', 'x'.repeat(4000), '\u00ff\u00fe'),
);
const header = fc.tuple(
  fc.constantFrom(
    'X-Forwarded-For',
    'X-Edit-Token',
    'Authorization',
    'Idempotency-Key',
    'Content-Type',
    'Accept',
    'Referer',
    'Cookie',
    'X-Original-URL',
    'X-Rewrite-URL',
    'If-None-Match',
    'Range',
  ),
  headerValue.map((value) => value.replace(/[\r\n]/g, '')),
);
const request: fc.Arbitrary<RawRequest> = fc
  .record({
    method,
    path,
    headers: fc.array(header, { maxLength: 4 }),
    body: fc.oneof(fc.constant(''), fc.constant('{"name":"x"}'), fc.constant('%E0%A4%A'), fc.stringMatching(/^[ -~]{0,200}$/)),
  })
  .map((req) => (req.method === 'GET' || req.method === 'HEAD' ? { ...req, body: '' } : req));

const decodes = (path: string) => {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
};
const brokenUnderApi = (req: RawRequest) => req.path.startsWith('/api/') && !decodes(req.path);

async function siteIsUp(): Promise<void> {
  const home = await fetch(`${HOSTING}/`);
  expect(home.status).toBe(200);
  // The functions answer too: an unknown enrollment, asked for without credentials, is a JSON 401.
  const api = await fetch(`${HOSTING}/api/enroll/doesNotExist1234567`, { headers: { [EMULATOR_CLIENT_HEADER]: client } });
  expect([401, 429]).toContain(api.status);
  expect(((await api.json()) as { error: { code: string } }).error.code).toBeTruthy();
}

describe('Hosting under a scanner: the local site stays up', () => {
  it('the reported request, PUT /api/enroll/%E0%A4%A, is a 4xx and the suite stays up', async () => {
    for (const m of ['PUT', 'GET', 'POST', 'DELETE']) {
      const answer = await send({
        method: m,
        path: '/api/enroll/%E0%A4%A',
        headers: [['Content-Type', 'application/json']],
        body: m === 'GET' ? '' : '{}',
      });
      expect(answer.status, m).toBeGreaterThanOrEqual(400);
      expect(answer.status, m).toBeLessThan(500);
    }
    await siteIsUp();
  });

  it('a path longer than a file name may be is a 404 or 414, not a 500 (superstatic threw ENAMETOOLONG)', async () => {
    const paths = [
      `/courses${'a'.repeat(1000)}`,
      `/api/contact${'a'.repeat(5000)}`,
      `/courses/${'b'.repeat(300)}`,
      `/assets/${'c'.repeat(2000)}.js`,
    ];
    for (const path of paths) {
      for (const m of ['GET', 'HEAD', 'POST']) {
        const answer = await send({ method: m, path, headers: [], body: m === 'POST' ? '{}' : '' });
        expect([404, 414], `${m} ${path.slice(0, 40)}… (${path.length} characters)`).toContain(answer.status);
      }
    }
    await siteIsUp();
  });

  it(`${RUNS} random and broken requests: each is answered, no 5xx for a broken escape, nothing goes down`, async () => {
    const requests = fc.sample(request, { numRuns: RUNS, seed: 20261124 });
    const statuses = new Map<number, number>();
    let broken = 0;
    for (let i = 0; i < requests.length; i += CONCURRENCY) {
      const batch = requests.slice(i, i + CONCURRENCY);
      const answers = await Promise.all(batch.map(send));
      answers.forEach((answer, j) => {
        const req = batch[j];
        const label = `${req.method} ${req.path}`;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(answer.body, label).not.toMatch(/node_modules|URIError|ENAMETOOLONG|at [\w.]+ \(|\.js:\d+:\d+/);
        // However odd the path, the local site does not crash on it: a 5xx is only our functions' own JSON
        // answer (a 503 when busy), never the Hosting emulator's HTML 500.
        if (answer.status >= 500) expect(answer.contentType, `${label} answered ${answer.status}`).toContain('json');
        if (brokenUnderApi(req)) {
          broken++;
          expect(answer.status, label).toBeGreaterThanOrEqual(400);
          expect(answer.status, label).toBeLessThan(500);
          if (answer.contentType.includes('json') && req.method !== 'HEAD') expect(JSON.parse(answer.body).error.code, label).toBeTruthy();
        }
      });
      if (i % 400 === 0) await siteIsUp();
    }
    await siteIsUp();
    console.log(
      `hosting fuzz: ${requests.length} requests, ${broken} with a broken escape under /api/, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(broken).toBeGreaterThan(100);
  }, 600_000);
});
