export * from './api';
export * from './assignments';
export * from './documents';
export * from './figures';
export * from './rules';
export * from './terms';
