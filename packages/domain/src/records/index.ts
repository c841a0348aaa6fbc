export * from './documentFieldKinds';
export * from './documentFields';
export * from './documents';
export * from './learningDocumentFields';
export * from './salesDocumentFields';
export * from './staffDocuments';
export * from './storedDocuments';
