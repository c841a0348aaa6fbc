export * from './documents';
export * from './files';
export * from './tax';
