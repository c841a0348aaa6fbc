// The e2e specs check the site against the domain (the one source of truth), imported by name like everywhere else.
export { COMPANY } from '@upskill/domain/common';
export { COURSES } from '@upskill/domain/catalogue';
export { formatRupees } from '@upskill/domain/common';
export { HOME_PLANS, FALLBACK_PRICE } from '@upskill/domain/catalogue';
export { ENROLLMENT_CSV_COLUMNS, enrollmentSearchKeys, STAFF_PAGE_SIZE } from '@upskill/domain/staff';
