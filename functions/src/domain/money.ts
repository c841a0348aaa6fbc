const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Rupees with Indian digit grouping, e.g. ₹15,999. The one price formatter of the product. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
