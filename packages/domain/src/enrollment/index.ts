export * from './api';
export * from './documents';
export * from './entitlements';
export * from './purchase';
export * from './subscriptionSnapshots';
export * from './subscriptions';
export * from './switching';
