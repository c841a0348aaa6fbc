import { useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollection } from 'reactfire';
import type { QueryDocumentSnapshot } from 'firebase/firestore';
import type { CollectionName } from '@upskill/domain/records';
import { STAFF_PAGE_SIZE, type QueryShape } from '@upskill/domain/staff';
import type { Stored } from './converters';
import { shapeKey, toQuery } from './queries';

/**
 * Cursor pagination over a live query: page N starts after the last document of page N-1 (kept in a
 * stack for Previous). One extra document is asked for to know whether there is a next page. A new
 * filter starts again at page 1.
 */
export function usePagedQuery<C extends CollectionName>(shape: QueryShape<C>) {
  const db = useFirestore();
  const key = shapeKey(shape);
  const [state, setState] = useState<{ key: string; cursors: QueryDocumentSnapshot<Stored<C>>[] }>({ key, cursors: [] });
  const cursors = state.key === key ? state.cursors : [];
  const after = cursors.at(-1);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `shape`, whose identity changes every render
  const q = useMemo(() => toQuery(db, shape, { after, size: STAFF_PAGE_SIZE + 1 }), [db, key, after]);
  const result = useFirestoreCollection(q);
  const all = result.status === 'success' ? result.data.docs : [];
  const docs = all.slice(0, STAFF_PAGE_SIZE);
  return {
    status: result.status,
    error: result.error,
    snapshot: result.status === 'success' ? result.data : undefined,
    docs,
    page: cursors.length + 1,
    hasPrevious: cursors.length > 0,
    hasNext: all.length > STAFF_PAGE_SIZE,
    next: () => setState({ key, cursors: [...cursors, docs[docs.length - 1]] }),
    previous: () => setState({ key, cursors: cursors.slice(0, -1) }),
  };
}
