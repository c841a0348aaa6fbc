import { useEffect, useState } from 'react';

/**
 * "Now" as the server sees it, ticking: the page corrects the device's clock by the offset the server
 * reported, so the countdown and the join button follow the server's window even on a device whose clock
 * is wrong. Ticks every `everyMs`, and also exactly at the next of `boundaries` (join windows opening,
 * classes starting and ending), so the button never opens up to a tick late.
 */
export function useServerClock(offsetMs: number, boundaries: readonly number[], everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const tick = () => setNow(Date.now() + offsetMs);
    const interval = setInterval(tick, everyMs);
    return () => clearInterval(interval);
  }, [offsetMs, everyMs]);
  useEffect(() => {
    const next = boundaries.filter((b) => b > now).reduce((a, b) => Math.min(a, b), Infinity);
    const wait = next - now;
    // setTimeout takes at most about 24.8 days; the interval covers anything further.
    if (!Number.isFinite(wait) || wait >= 2 ** 31 - 1) return undefined;
    const timer = setTimeout(() => setNow(Date.now() + offsetMs), wait + 50);
    return () => clearTimeout(timer);
  }, [boundaries, now, offsetMs]);
  return now;
}
