export * from './sessions';
export * from './recordings';
export * from './progress';
