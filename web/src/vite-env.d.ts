/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN: string;
  readonly VITE_FIREBASE_PROJECT_ID: string;
  readonly VITE_FIREBASE_APP_ID: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  /** host:port of the Firestore emulator (the staff console reads Firestore directly). */
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  /** Razorpay's checkout.js, or the local sandbox's stand-in. */
  readonly VITE_RAZORPAY_CHECKOUT_URL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The home page's popular courses, chosen from the catalogue at build time (vite.config.ts). */
declare module 'virtual:featured-courses' {
  const courses: readonly import('@upskill/domain/catalogue').Course[];
  export default courses;
}
