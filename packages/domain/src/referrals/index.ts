export * from './api';
export * from './documents';
export * from './terms';
