export * from './accountForms';
export * from './schemas';
