import { lazy } from 'react';

// The payment feature's entry for pages that show its GST documents without paying: the button loads when
// rendered, and checkout's code (index.ts) does not come with it.
export const TaxDocumentButton = lazy(() => import('./TaxDocumentButton').then((m) => ({ default: m.TaxDocumentButton })));
