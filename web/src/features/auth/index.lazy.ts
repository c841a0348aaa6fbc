import { lazy } from 'react';

// The auth feature's second public entry, free of the Firebase SDK: what every page's header shows, loaded
// only when rendered (index.ts loads the SDK, and is for pages that need the session).
export const AccountSlot = lazy(() => import('./AccountSlot'));
