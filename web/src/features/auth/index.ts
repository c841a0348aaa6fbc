// The auth feature's public entry for other features. Pages and the account corner load through the router and the header.
export { AuthBoundary } from './AuthBoundary';
export type { SignedInUser } from './UserProbe';
