export const RAZORPAY_SANDBOX_PORT: number;
export const RAZORPAY_SANDBOX_ORIGIN: string;
