import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerFailure, StillBusy, call, untilAnswered } from '../support/api';

/**
 * The tests' retry helper against a real HTTP server that answers as scripted: it must send again only what
 * the site's own client sends again (our 503 "busy", a gateway's 502/504, a dropped connection) and stop the
 * test at any other 5xx, so a crash is never retried into a pass.
 */
let server: Server;
let base = '';
let script: { status: number; body: string }[] = [];
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const next = script.shift() ?? { status: 200, body: '{"ok":true}' };
    if (next.status === 0) {
      req.socket.destroy();
      return;
    }
    res.writeHead(next.status, { 'Content-Type': next.body.startsWith('{') ? 'application/json' : 'text/html', 'Retry-After': '1' });
    res.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = () => untilAnswered(() => call('POST', '/anything', { base, body: {} }));
const busy = { status: 503, body: '{"error":{"code":"unavailable","message":"busy"}}' };

describe('untilAnswered', () => {
  it('sends again after our busy 503 and a gateway’s 502/504, and reports each', async () => {
    script = [busy, { status: 502, body: 'Bad Gateway' }, { status: 504, body: '' }];
    hits = 0;
    const answer = await send();
    expect(answer.status).toBe(200);
    expect(answer.busy.map((r) => r.status)).toEqual([503, 502, 504]);
    expect(hits).toBe(4);
  }, 20_000);

  it('stops the test when the answer is still busy after every resend, instead of handing the busy answer on', async () => {
    script = Array.from({ length: 6 }, () => busy);
    hits = 0;
    await expect(untilAnswered(() => call('POST', '/anything', { base, body: {} }), 5)).rejects.toBeInstanceOf(StillBusy);
    expect(hits).toBe(6);
  }, 40_000);

  it('sends again after a dropped connection', async () => {
    script = [{ status: 0, body: '' }];
    hits = 0;
    expect((await send()).status).toBe(200);
    expect(hits).toBe(2);
  }, 20_000);

  it('stops at once on any other 5xx: our 500, an emulator’s HTML 500, a 503 that is not our busy answer', async () => {
    for (const failure of [
      { status: 500, body: '{"error":{"code":"internal","message":"Something went wrong"}}' },
      { status: 500, body: '<html>Internal Server Error</html>' },
      { status: 503, body: '<html>Service Unavailable</html>' },
    ]) {
      script = [failure];
      hits = 0;
      await expect(send()).rejects.toBeInstanceOf(ServerFailure);
      expect(hits, failure.body).toBe(1);
    }
  });
});
