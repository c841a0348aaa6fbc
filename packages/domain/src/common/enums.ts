/** The closed lists the forms offer and the server accepts. Shared by the site and the functions. */

export const INTERESTED_COURSES = [
  'Full Stack Web Development',
  'Data Science & Analytics',
  'Artificial Intelligence & Machine Learning',
  'Cloud Computing',
  'Cybersecurity',
  'Mobile App Development',
  'Digital Marketing',
] as const;
export type InterestedCourse = (typeof INTERESTED_COURSES)[number];

export const BATCH_TIMES = ['Weekday Morning', 'Weekday Evening', 'Weekend Morning', 'Weekend Evening'] as const;
export type BatchTime = (typeof BATCH_TIMES)[number];

export const CONTACT_COURSES = ['Web Development', 'Data Science', 'UI/UX Design', 'Cloud Computing', 'Cybersecurity'] as const;
/** The contact form's other topic: a request about one's personal data, answered by the grievance officer. */
export const PRIVACY_REQUEST_TOPIC = 'Privacy request';
/** Days within which the grievance officer answers (DPDP Rules). */
export const GRIEVANCE_ANSWER_DAYS = 90;

export const CATEGORIES = [
  'Core Programming',
  'AI & Data',
  'Cloud & DevOps',
  'Security',
  'Web & App',
  'Emerging Tech',
  'Electrical & Electronics',
  'Civil & Mechanical',
  'Business',
  'Design & Creative',
  'Science & Research',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const LEVELS = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const PAYMENT_METHODS = ['Credit Card', 'Debit Card', 'UPI', 'Net Banking'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The gateway's method code each choice preselects in checkout (cards share one). */
export const PAYMENT_METHOD_CODES: Record<PaymentMethod, 'card' | 'upi' | 'netbanking'> = {
  'Credit Card': 'card',
  'Debit Card': 'card',
  UPI: 'upi',
  'Net Banking': 'netbanking',
};

export const SORT_OPTIONS = [
  { value: 'rating-desc', label: 'Rating: High to Low' },
  { value: 'rating-asc', label: 'Rating: Low to High' },
  { value: 'popularity-desc', label: 'Popularity: High to Low' },
  { value: 'popularity-asc', label: 'Popularity: Low to High' },
  { value: 'newest', label: 'Newest' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'rating-desc';

export const BADGES = ['Popular', 'Trending', 'New'] as const;
export type Badge = (typeof BADGES)[number];
