export const RAZORPAY_SANDBOX_PORT: number;
export const RAZORPAY_SANDBOX_ORIGIN: string;
export const MAILDEV_SMTP_PORT: number;
export const MAILDEV_WEB_PORT: number;
export const MAILDEV_INBOX: string;
export const LOCAL_SERVICE_PORTS: { name: string; port: number; host: string }[];
