export * from './catalogue';
export * from './coupon';
export * from './courses';
export * from './instructors';
export * from './offer';
export * from './plans';
