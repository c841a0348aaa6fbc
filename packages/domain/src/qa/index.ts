export * from './api';
export * from './documents';
export * from './qa';
export * from './rules';
export * from './figures';
