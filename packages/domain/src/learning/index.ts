export * from './sessions';
