/** The coupon rule: DISCOUNT20, trimmed and case-insensitive, gives 20% off (spec sections 4, 5, 9). */
export const COUPON_CODE = 'DISCOUNT20';
export const COUPON_PERCENT = 20;

export function isValidCoupon(code: string | undefined | null): boolean {
  return typeof code === 'string' && code.trim().toUpperCase() === COUPON_CODE;
}
