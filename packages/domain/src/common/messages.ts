/** Messages the forms and the API share, in a module of their own so a page can show them without loading the validation schemas. */
export const MESSAGES = {
  enrollmentInvalid: 'Please fill out all fields correctly.',
  enrollmentSaveFailed: 'Something went wrong while saving your plan. Please try again.',
  planNotFound: 'Error: Plan or Course details not found.',
  customCourses: 'Please choose 1 to 3 different courses for the Custom plan',
  couponApplied: 'Coupon applied! You get 20% off.',
  couponInvalid: 'Invalid coupon code.',
  passwordsMismatch: 'Passwords do not match',
} as const;
