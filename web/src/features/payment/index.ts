// The payment feature's public entry: paying an enrollment from elsewhere (My Courses' Pay now), and its GST documents.
export { usePayNow, type PayState } from './usePayNow';
export { PaymentStatus } from './PaymentStatus';
export { TaxDocumentButton } from './TaxDocumentButton';
export { cancelSubscription } from './api';
// An organisation's order (the team page) and a course switch's difference (My Courses) open checkout.js the same way.
export { loadCheckout, openCheckout, openGatewayOrder } from './razorpayCheckout';
