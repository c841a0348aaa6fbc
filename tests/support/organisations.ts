import { expect } from 'vitest';
import type { OrganisationView } from '@upskill/domain/organisations';
import { db } from './admin';
import { call } from './api';
import { bearer, type TestUser } from './auth';

/**
 * An organisation as a buyer asks for it (POST /api/organisations, by its admin) and staff confirm it: both answers
 * checked on the way, so a test that builds on it starts from a real, confirmed organisation.
 */
export async function confirmedOrganisation(
  admin: TestUser,
  staff: TestUser,
  organisation: Record<string, unknown>,
  client: string,
  message = 'We would like seats for our people.',
): Promise<OrganisationView> {
  const asked = await call<OrganisationView>('POST', '/api/organisations', {
    body: { organisation, contactName: 'Anita Rao', message },
    headers: bearer(admin),
    client,
  });
  expect(asked.status, asked.text).toBe(201);
  expect(asked.body.status).toBe('requested');
  const confirmed = await call<OrganisationView>('POST', `/api/staff/organisations/${asked.body.id}/confirm`, {
    body: {},
    headers: bearer(staff),
    client,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body.status).toBe('confirmed');
  return confirmed.body;
}

const SEAT_STATES = ['unassigned', 'invited', 'claimed', 'ended', 'lapsed'] as const;
type Counts = Record<(typeof SEAT_STATES)[number], number>;

/** An order's lanes as stored (seatLanes/{order}_{k}), in order, and their counts summed here: the order's counts. */
export async function storedLanes(
  orderId: string,
): Promise<{ lanes: { lane: number; handedOut: number; counts: Counts }[]; totals: Counts }> {
  const lanes = (await db().collection('seatLanes').where('orderId', '==', orderId).get()).docs
    .map((d) => d.data() as { lane: number; handedOut: number; counts: Counts })
    .sort((a, b) => a.lane - b.lane);
  const totals = Object.fromEntries(SEAT_STATES.map((s) => [s, lanes.reduce((sum, l) => sum + l.counts[s], 0)])) as Counts;
  return { lanes, totals };
}
