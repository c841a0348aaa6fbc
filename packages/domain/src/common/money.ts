/**
 * A whole number with Indian digit grouping (lakh, crore), e.g. 12,34,567.
 * Written out rather than Intl.NumberFormat('en-IN'): creating a formatter loads locale data, which
 * cost a visible slice of the first render on a slow phone, and toLocaleString does it on every call.
 */
export function formatIndianNumber(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  const sign = value < 0 && digits !== '0' ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const lastThree = digits.slice(-3);
  const leading = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${leading},${lastThree}`;
}

/** Rupees with Indian digit grouping, e.g. ₹15,999. The one price formatter of the product. */
export function formatRupees(amount: number): string {
  const grouped = formatIndianNumber(amount);
  return grouped.startsWith('-') ? `-₹${grouped.slice(1)}` : `₹${grouped}`;
}

/** Rupees to paise, the unit payment gateways count in (₹15,999 is 1599900). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
