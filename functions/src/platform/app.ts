import { getApps, initializeApp, type App } from 'firebase-admin/app';

/** The one admin app of this process (credentials and project from the environment). */
export function adminApp(): App {
  return getApps()[0] ?? initializeApp();
}
