export * from './invitations';
export * from './organisations';
export * from './quotes';
export * from './seats';
