import {
  DEFAULT_ENROLLMENT_FILTER,
  MEMBERSHIP_FILTERS,
  PLAN_FILTERS,
  STATUS_FILTERS,
  type EnrollmentFilter,
  type MembershipFilter,
  type PlanFilter,
  type StatusFilter,
} from '@upskill/domain/staff';

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;
const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The filter lives in the URL (?status=&plan=&membership=&from=&to=&q=&sort=): reload, back and a shared link keep it. */
export function filterFromParams(params: URLSearchParams): EnrollmentFilter {
  return {
    status: oneOf<StatusFilter>(STATUS_FILTERS, params.get('status'), 'all'),
    plan: oneOf<PlanFilter>(PLAN_FILTERS, params.get('plan'), 'all'),
    from: date(params.get('from')),
    to: date(params.get('to')),
    search: (params.get('q') ?? '').slice(0, 100),
    direction: params.get('sort') === 'oldest' ? 'asc' : 'desc',
    membership: oneOf<MembershipFilter>(MEMBERSHIP_FILTERS, params.get('membership'), 'all'),
  };
}

export function paramsFromFilter(filter: EnrollmentFilter): URLSearchParams {
  const params = new URLSearchParams();
  const d = DEFAULT_ENROLLMENT_FILTER;
  if (filter.status !== d.status) params.set('status', filter.status);
  if (filter.plan !== d.plan) params.set('plan', filter.plan);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.search.trim()) params.set('q', filter.search);
  if (filter.direction === 'asc') params.set('sort', 'oldest');
  if (filter.membership !== d.membership) params.set('membership', filter.membership);
  return params;
}
