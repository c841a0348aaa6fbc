/** The coupon rule: DISCOUNT20, trimmed and case-insensitive, gives 20% off the two discountable plans. */
export const COUPON_CODE = 'DISCOUNT20';

export function isValidCoupon(code: string | undefined | null): boolean {
  return typeof code === 'string' && code.trim().toUpperCase() === COUPON_CODE;
}
