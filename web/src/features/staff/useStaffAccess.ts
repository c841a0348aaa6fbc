import { useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { ADMIN_CLAIM, isStaffClaims } from '@upskill/domain/staff';
import { signOutAndForget } from '../auth';

export type StaffAccess =
  { state: 'checking' } | { state: 'staff'; admin: boolean } | { state: 'denied' } | { state: 'error'; message: string };

/** How often an open console asks again, besides whenever its tab regains focus. */
const RECHECK_MS = 60_000;

/**
 * Whether this user is staff, from a freshly minted ID token (a forced refresh), never a cached one: a
 * grant shows at once, and a revocation (the CLI also revokes the sessions, so the refresh fails)
 * closes the console at the next check: on load, on focus and every minute. Until the first answer,
 * nothing is read.
 */
export function useStaffAccess(user: User): StaffAccess {
  const [access, setAccess] = useState<StaffAccess>({ state: 'checking' });
  useEffect(() => {
    let live = true;
    let running: Promise<void> | undefined;
    const refresh = async () => {
      try {
        const result = await user.getIdTokenResult(true);
        if (live)
          setAccess(isStaffClaims(result.claims) ? { state: 'staff', admin: result.claims[ADMIN_CLAIM] === true } : { state: 'denied' });
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        if (!live) return;
        // A revoked or disabled session cannot be refreshed: sign out here too, so nothing stays on screen.
        if (/user-token-expired|user-disabled|user-not-found|invalid-user-token/.test(code)) {
          setAccess({ state: 'denied' });
          await signOutAndForget();
        } else {
          setAccess({ state: 'error', message: 'We could not check your access. Check your connection and reload.' });
        }
      }
    };
    // Switching back to the tab fires both focus and visibilitychange: one refresh serves both.
    const check = () => (running ??= refresh().finally(() => (running = undefined)));
    void check();
    const onFocus = () => void check();
    const onVisible = () => document.visibilityState === 'visible' && void check();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => void check(), RECHECK_MS);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [user]);
  return access;
}
