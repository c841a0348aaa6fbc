import { expect } from 'vitest';
import type { OrganisationView } from '@upskill/domain/organisations';
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
