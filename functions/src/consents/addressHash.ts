import { createHmac } from 'node:crypto';
import { defineSecret } from 'firebase-functions/params';
import { clientAddress } from '../http/clientAddress';
import type { HttpRequest } from '../http/request';

/**
 * Consent records keep where a consent came from as an HMAC of the network address, keyed with a secret
 * that is not in the database: the record can later confirm "this consent came from that address" when
 * someone claims it, but nobody reading the database can enumerate the 2^32 IPv4 addresses back to it
 * (a plain hash could be). docs/decisions/0020.
 */
export const CONSENT_ADDRESS_SECRET = defineSecret('CONSENT_ADDRESS_SECRET');

export function addressHash(req: Pick<HttpRequest, 'get' | 'ip'>): string {
  return createHmac('sha256', CONSENT_ADDRESS_SECRET.value())
    .update(`consent-address|${clientAddress(req)}`)
    .digest('hex');
}
