export * from './batchSchemas';
export * from './staff';
