import { describe, expect, it } from 'vitest';
import { requestNow } from './clock';

const request = (headers: Record<string, string>) => ({ get: (name: string) => headers[name.toLowerCase()] });

describe('requestNow', () => {
  it('is the machine clock in a deployed function, whatever the header says', () => {
    expect(requestNow(request({ 'x-emulator-now': '2030-01-01T00:00:00Z' }), {}, () => 42)).toBe(42);
  });
  it('in the emulator, is the instant the header names, or the clock when it names none', () => {
    const emulator = { FUNCTIONS_EMULATOR: 'true' };
    expect(requestNow(request({ 'x-emulator-now': '2030-01-01T00:00:00Z' }), emulator, () => 42)).toBe(Date.UTC(2030, 0, 1));
    expect(requestNow(request({ 'x-emulator-now': 'tomorrow' }), emulator, () => 42)).toBe(42);
    expect(requestNow(request({}), emulator, () => 42)).toBe(42);
  });
});
