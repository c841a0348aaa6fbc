// The local services that are not Firebase emulators, each on one fixed port named here only (the
// Firebase emulators' ports are in firebase.json). Neutral configuration: the emulators start these
// services, the emulator build's CSP (hosting/csp.mjs) and the site's dev build allow them, the tests reach
// them; none of those folders imports another for them.

/** The local Razorpay sandbox: API, checkout stand-in and dashboard. */
export const RAZORPAY_SANDBOX_PORT = 9410;
export const RAZORPAY_SANDBOX_ORIGIN = `http://127.0.0.1:${RAZORPAY_SANDBOX_PORT}`;

/** MailDev, the local mail catcher: SMTP for the functions, a web inbox for QA and a REST API for tests. */
export const MAILDEV_SMTP_PORT = 1025;
export const MAILDEV_WEB_PORT = 1080;
export const MAILDEV_INBOX = `http://127.0.0.1:${MAILDEV_WEB_PORT}`;

/** Every port above, named for messages (the emulators' own are in firebase.json). */
export const LOCAL_SERVICE_PORTS = [
  { name: 'Razorpay sandbox', port: RAZORPAY_SANDBOX_PORT, host: '127.0.0.1' },
  { name: 'MailDev SMTP', port: MAILDEV_SMTP_PORT, host: '127.0.0.1' },
  { name: 'MailDev inbox', port: MAILDEV_WEB_PORT, host: '127.0.0.1' },
];
