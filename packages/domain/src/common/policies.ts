/**
 * The refund policy, as the Terms state it; the receipt page and the receipt e-mail quote it from here.
 * Its own module, so the pages that never show it (every page has the footer's company facts) do not load it.
 */
export const REFUND_POLICY =
  'All purchases are final. We do not offer refunds, exchanges or cancellations once a purchase is complete. Free trials, where a plan offers one, let you try before you pay.';
