/**
 * Where every function runs (decision 0037): Mumbai, beside the Firestore database (`asia-south1`), since most buyers
 * and every payment are in India. The Hosting rewrites in firebase.json name the same region.
 */
export const REGION = 'asia-south1';

/** The schedules' clock: "every day at 09:00" means 09:00 in India. */
export const SCHEDULE_TIME_ZONE = 'Asia/Kolkata';
