export const HOSTING = 'http://127.0.0.1:5000';
export const AUTH_EMULATOR = 'http://127.0.0.1:9099';
export const PROJECT_ID = 'demo-upskill';
