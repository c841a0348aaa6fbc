import { createRequire } from 'node:module';

// The e2e specs check the site against the domain (the one source of truth). Playwright compiles the
// functions' sources as CommonJS (functions/package.json), whose named exports an ES module cannot
// import, so they are required here once, with their types.
const require = createRequire(import.meta.url);
const load = <T>(name: string): T => require(`../../functions/src/domain/${name}.ts`) as T;

export const { COMPANY } = load<typeof import('@domain/company')>('company');
export const { COURSES } = load<typeof import('@domain/courses')>('courses');
export const { formatRupees } = load<typeof import('@domain/money')>('money');
export const { HOME_PLANS, FALLBACK_PRICE } = load<typeof import('@domain/plans')>('plans');
export const { ENROLLMENT_CSV_COLUMNS, enrollmentSearchKeys, STAFF_PAGE_SIZE } = load<typeof import('@domain/staff')>('staff');
