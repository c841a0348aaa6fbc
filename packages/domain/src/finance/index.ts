export * from './finance';
export * from './days';
