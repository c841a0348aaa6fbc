import {
  Timestamp,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { CollectionName } from '@upskill/domain/records';
import type { QueryShape } from '@upskill/domain/staff';
import { typedCollection, type Stored } from './converters';

/** A console query (described once in the domain, where the index test reads it too) as a Firestore query. */
export function toQuery<C extends CollectionName>(
  db: Firestore,
  shape: QueryShape<C>,
  page: { after?: QueryDocumentSnapshot<Stored<C>>; size?: number } = {},
): Query<Stored<C>> {
  const constraints: QueryConstraint[] = shape.equalities.map((e) => where(e.field, '==', e.value));
  if (shape.arrayContains) constraints.push(where(shape.arrayContains.field, 'array-contains', shape.arrayContains.value));
  if (shape.range?.from) constraints.push(where(shape.range.field, '>=', Timestamp.fromDate(shape.range.from)));
  if (shape.range?.to) constraints.push(where(shape.range.field, '<', Timestamp.fromDate(shape.range.to)));
  constraints.push(orderBy(shape.orderBy.field, shape.orderBy.direction));
  if (page.after) constraints.push(startAfter(page.after));
  if (page.size) constraints.push(limit(page.size));
  return query(typedCollection(db, shape.collection), ...constraints);
}

/** A stable key for a shape: the same filter is the same query (dates are serialised as ISO). */
export const shapeKey = (shape: QueryShape): string => JSON.stringify(shape);
