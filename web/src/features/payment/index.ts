// The payment feature's public entry: paying an enrollment from elsewhere (My Courses' Pay now).
export { usePayNow, type PayState } from './usePayNow';
export { PaymentStatus } from './PaymentStatus';
