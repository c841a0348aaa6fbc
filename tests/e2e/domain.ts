// The e2e specs check the site against the domain (the one source of truth), imported by name like everywhere else.
export { COMPANY } from '@upskill/domain/company';
export { COURSES } from '@upskill/domain/courses';
export { formatRupees } from '@upskill/domain/money';
export { HOME_PLANS, FALLBACK_PRICE } from '@upskill/domain/plans';
export { ENROLLMENT_CSV_COLUMNS, enrollmentSearchKeys, STAFF_PAGE_SIZE } from '@upskill/domain/staff';
