export * from './finance';
