export * from './account';
export * from './consents';
