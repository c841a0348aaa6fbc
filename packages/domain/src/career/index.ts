export * from './api';
export * from './documents';
export * from './entitlements';
export * from './links';
export * from './rules';
export * from './terms';
export * from './tracker';
