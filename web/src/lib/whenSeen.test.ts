import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenSeen } from './whenSeen';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

afterEach(() => vi.unstubAllGlobals());

describe('whenSeen', () => {
  it('calls back once, at the first sighting within the margin, and stops watching', () => {
    const made: { cb: Callback; options: IntersectionObserverInit; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof made)[number];
        constructor(cb: Callback, options: IntersectionObserverInit) {
          this.entry = { cb, options, disconnected: false };
          made.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const seen = vi.fn();
    whenSeen(document.createElement('div'), seen, '600px');
    expect(made[0].options.rootMargin).toBe('600px 0px');
    made[0].cb([{ isIntersecting: false }]);
    expect(seen).not.toHaveBeenCalled();
    made[0].cb([{ isIntersecting: true }]);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(made[0].disconnected).toBe(true);
  });

  it('its stop ends the watch before any sighting', () => {
    let disconnected = false;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {
          disconnected = true;
        }
      },
    );
    const stop = whenSeen(document.createElement('div'), vi.fn());
    stop();
    expect(disconnected).toBe(true);
  });

  it('without IntersectionObserver it calls back at once', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const seen = vi.fn();
    whenSeen(document.createElement('div'), seen);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
