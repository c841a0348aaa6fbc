export * from './api';
export * from './codes';
export * from './documents';
export * from './terms';
