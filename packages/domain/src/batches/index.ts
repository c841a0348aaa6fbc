export * from './batches';
export * from './documents';
export * from './figures';
export * from './times';
