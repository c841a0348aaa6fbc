import { beforeAll, describe, expect, it } from 'vitest';
import { call, enrollment } from '../support/api';
import { bearer, createUser, type TestUser } from '../support/auth';

type Who = 'anonymous' | 'A' | 'B';
let users: Record<'A' | 'B', TestUser>;
const records: Record<'A' | 'B', { id: string; editToken: string; body: Record<string, unknown> }> = {} as never;

const headersFor = (who: Who) => (who === 'anonymous' ? {} : bearer(users[who]));

beforeAll(async () => {
  users = { A: await createUser({ emailVerified: true }), B: await createUser({ emailVerified: true }) };
  for (const who of ['A', 'B'] as const) {
    const body = enrollment({ email: users[who].email });
    const res = await call<{ id: string; editToken: string }>('POST', '/api/enroll', { body, headers: bearer(users[who]) });
    records[who] = { id: res.body.id, editToken: res.body.editToken, body };
  }
});

describe('access matrix: anonymous, user A, user B', () => {
  const listExpect: Record<Who, number> = { anonymous: 401, A: 200, B: 200 };
  for (const who of ['anonymous', 'A', 'B'] as Who[]) {
    it(`GET /api/enroll as ${who}`, async () => {
      const res = await call<{ id: string }[]>('GET', '/api/enroll', { headers: headersFor(who) });
      expect(res.status).toBe(listExpect[who]);
      if (who !== 'anonymous') {
        const other = who === 'A' ? 'B' : 'A';
        expect(res.body.map((r) => r.id)).toEqual([records[who].id]);
        const peek = await call('GET', `/api/enroll?email=${encodeURIComponent(users[other].email)}`, { headers: headersFor(who) });
        expect(peek.status).toBe(403);
      }
    });

    for (const owner of ['A', 'B'] as const) {
      const expected = who === 'anonymous' ? 401 : who === owner ? 200 : 403;
      it(`PUT ${owner}'s enrollment as ${who} -> ${expected}`, async () => {
        const res = await call('PUT', `/api/enroll/${records[owner].id}`, {
          body: { ...records[owner].body, name: `Edited by ${who}` },
          headers: headersFor(who),
        });
        expect(res.status).toBe(expected);
      });
    }
  }

  it("one enrollment's edit token does not open another's", async () => {
    const res = await call('PUT', `/api/enroll/${records.A.id}`, {
      body: records.A.body,
      headers: { 'X-Edit-Token': records.B.editToken },
    });
    expect(res.status).toBe(403);
    const own = await call('PUT', `/api/enroll/${records.A.id}`, {
      body: records.A.body,
      headers: { 'X-Edit-Token': records.A.editToken },
    });
    expect(own.status).toBe(200);
  });

  it('B cannot read A’s enrollment through any path', async () => {
    for (const path of [`/api/enroll/${records.A.id}`, `/api/enroll?id=${records.A.id}`]) {
      const res = await call<unknown>('GET', path, { headers: bearer(users.B) });
      expect(JSON.stringify(res.body)).not.toContain(records.A.id);
    }
  });
});
