export * from './teaching';
