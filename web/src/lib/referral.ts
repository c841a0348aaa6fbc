import { REFERRAL_PARAM, isReferralCode } from '@upskill/domain/referrals';

/**
 * A friend's referral code, kept in this browser from the link that brought the visitor (/pricing?ref=…) until they
 * enroll with it, remove it, or 30 days pass. Local storage, not a cookie: nothing is sent until the enrollment is.
 */
const KEY = 'upskill.referral';
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (a privacy mode): the link then works for this page only, which is what the visitor chose.
    return null;
  }
}

/** Keeps the code of a referral link the page was opened with, if it has one. */
export function rememberReferralFrom(search: string, nowMs = Date.now()): void {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim().toUpperCase();
  if (!code || !isReferralCode(code)) return;
  storage()?.setItem(KEY, JSON.stringify({ code, at: nowMs }));
}

/** The code kept from a referral link, while it is fresh. */
export function rememberedReferral(nowMs = Date.now()): string | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as { code?: unknown; at?: unknown };
    if (typeof kept.code === 'string' && isReferralCode(kept.code) && typeof kept.at === 'number' && nowMs - kept.at < KEEP_MS)
      return kept.code;
  } catch {
    // Not ours, or from an older version: forgotten below.
  }
  forgetReferral();
  return null;
}

export function forgetReferral(): void {
  storage()?.removeItem(KEY);
}
