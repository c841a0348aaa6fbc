import { describe, expect, it } from 'vitest';
import { EMULATOR_ADDRESS_MODE_HEADER, EMULATOR_CLIENT_HEADER, clientAddress } from './clientAddress';

function req(headers: Record<string, string>, ip?: string) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { ip, get: (name: string) => lower[name.toLowerCase()] };
}

const deployed = {} as NodeJS.ProcessEnv;
const emulated = { FUNCTIONS_EMULATOR: 'true' } as NodeJS.ProcessEnv;

describe('client address behind Hosting', () => {
  it('is the entry the CDN appended, second from the right', () => {
    expect(clientAddress(req({ 'X-Forwarded-For': '203.0.113.9, 34.96.0.1' }), deployed)).toBe('203.0.113.9');
  });

  it('ignores whatever the client put in front: rotating it changes nothing', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      seen.add(clientAddress(req({ 'X-Forwarded-For': `198.51.100.${i}, 10.0.0.${i}, 203.0.113.9, 34.96.0.1` }), deployed));
    }
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('does not honour the emulator header in a deployed function', () => {
    const address = clientAddress(req({ 'X-Forwarded-For': '203.0.113.9, 34.96.0.1', [EMULATOR_CLIENT_HEADER]: 'spoof' }), deployed);
    expect(address).toBe('203.0.113.9');
  });

  it('falls back to the socket peer when no front end added anything', () => {
    expect(clientAddress(req({}, '192.0.2.1'), deployed)).toBe('192.0.2.1');
  });

  it('in the emulator: the named test client, else the socket, never X-Forwarded-For', () => {
    expect(clientAddress(req({ [EMULATOR_CLIENT_HEADER]: 'worker-1', 'X-Forwarded-For': '1.2.3.4, 5.6.7.8' }), emulated)).toBe(
      'emulator:worker-1',
    );
    expect(clientAddress(req({ 'X-Forwarded-For': '1.2.3.4, 5.6.7.8' }, '1.2.3.4'), emulated)).toBe('emulator:local');
  });

  it('in the emulator, production mode parses X-Forwarded-For as a deployed function does, and ignores the named client', () => {
    const headers = { [EMULATOR_ADDRESS_MODE_HEADER]: 'production', [EMULATOR_CLIENT_HEADER]: 'worker-1' };
    expect(clientAddress(req({ ...headers, 'X-Forwarded-For': '198.51.100.7, 203.0.113.9, 34.96.0.1' }), emulated)).toBe('203.0.113.9');
    // The mode changes nothing in a deployed function, which parses this way anyway.
    expect(clientAddress(req({ ...headers, 'X-Forwarded-For': '203.0.113.9, 34.96.0.1' }), deployed)).toBe('203.0.113.9');
  });
});
