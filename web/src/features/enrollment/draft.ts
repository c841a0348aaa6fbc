import type { EnrollmentRecord } from '@upskill/domain/enrollment';

const KEY = 'upskill:enrollment';

/** The enrollment in progress, kept for this tab so a reload on /payment or the form loses nothing. */
export interface EnrollmentDraft {
  record: EnrollmentRecord;
  editToken?: string;
  coupon?: string;
  /** A minor's guardian's address as typed (the record holds it masked), so Back to Edit can show it. */
  guardianEmail?: string;
}

export function saveDraft(draft: EnrollmentDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the flow still works through router state.
  }
}

/** Forgets the draft and its edit token: at sign-out, and once the enrollment is paid. */
export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}

export function loadDraft(): EnrollmentDraft | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as EnrollmentDraft;
    return typeof parsed?.record?.id === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
