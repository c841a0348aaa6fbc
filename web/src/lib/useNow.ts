import { useEffect, useState } from 'react';

/**
 * The time now, ticking every `everyMs`: a Join button appears when its window opens, and a contact message turns
 * overdue in the console, without a reload.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
