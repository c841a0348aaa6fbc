export * from './codes';
export * from './invitations';
export * from './invoices';
export * from './organisations';
export * from './quotes';
export * from './seats';
