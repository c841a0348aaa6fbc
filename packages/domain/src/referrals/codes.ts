// A referral link's code, in a module of its own with no imports: every page keeps a followed link's code (the
// site's shell reads ?ref=), and must not load the referral terms' dependencies to do it.

/** The query parameter a referral link carries: /pricing?ref=ABCD2345. */
export const REFERRAL_PARAM = 'ref';
/** Eight characters of RFC 4648 base32: 40 bits, not worth guessing, easy to read aloud. */
export const REFERRAL_CODE_PATTERN = /^[A-Z2-7]{8}$/;

export const isReferralCode = (value: string): boolean => REFERRAL_CODE_PATTERN.test(value);

/** The path a referral link opens: the pricing page, carrying the code. */
export const referralPath = (code: string): string => `/pricing?${REFERRAL_PARAM}=${code}`;
