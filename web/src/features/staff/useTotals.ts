import { useEffect, useState } from 'react';
import { count, getAggregateFromServer, sum } from 'firebase/firestore';
import { useFirestore } from 'reactfire';
import { enrollmentQuery, type EnrollmentFilter } from '@upskill/domain/staff';
import { shapeKey, toQuery } from './queries';

export type Totals = { state: 'loading' } | { state: 'error' } | { state: 'done'; count: number; revenue: number };

/**
 * Count of what the filter matches and the revenue of the paid ones among them, computed by the
 * server (aggregation queries: no documents are downloaded). Recomputed when the filter changes and
 * whenever the live first page changes (`version`).
 */
export function useTotals(filter: EnrollmentFilter, version: unknown): Totals {
  const db = useFirestore();
  const all = enrollmentQuery(filter);
  const key = shapeKey(all);
  const [totals, setTotals] = useState<{ key: string; value: Totals }>({ key, value: { state: 'loading' } });
  useEffect(() => {
    let live = true;
    // Revenue is summed over paid enrollments by status; the membership filter counts only.
    const paidCounts = filter.membership === 'all' && (filter.status === 'all' || filter.status === 'paid');
    Promise.all([
      getAggregateFromServer(toQuery(db, all), { count: count() }),
      paidCounts ? getAggregateFromServer(toQuery(db, enrollmentQuery(filter, { status: 'paid' })), { revenue: sum('price') }) : null,
    ]).then(
      ([matched, paid]) =>
        live && setTotals({ key, value: { state: 'done', count: matched.data().count, revenue: paid?.data().revenue ?? 0 } }),
      () => live && setTotals({ key, value: { state: 'error' } }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the filter's query
  }, [db, key, version]);
  return totals.key === key ? totals.value : { state: 'loading' };
}
