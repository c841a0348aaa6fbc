export * from './api';
export * from './documents';
export * from './rules';
export * from './support';
export * from './contact';
export * from './figures';
