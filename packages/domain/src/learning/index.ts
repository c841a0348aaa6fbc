export * from './sessions';
export * from './recordings';
