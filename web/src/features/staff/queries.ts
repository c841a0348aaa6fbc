import {
  Timestamp, collection, limit, orderBy, query, startAfter, where,
  type DocumentData, type Firestore, type Query, type QueryConstraint, type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { QueryShape } from '@domain/staff';

/** A console query (described once in the domain, where the index test reads it too) as a Firestore query. */
export function toQuery(db: Firestore, shape: QueryShape, page: { after?: QueryDocumentSnapshot; size?: number } = {}): Query<DocumentData> {
  const constraints: QueryConstraint[] = shape.equalities.map((e) => where(e.field, '==', e.value));
  if (shape.arrayContains) constraints.push(where(shape.arrayContains.field, 'array-contains', shape.arrayContains.value));
  if (shape.range?.from) constraints.push(where(shape.range.field, '>=', Timestamp.fromDate(shape.range.from)));
  if (shape.range?.to) constraints.push(where(shape.range.field, '<', Timestamp.fromDate(shape.range.to)));
  constraints.push(orderBy(shape.orderBy.field, shape.orderBy.direction));
  if (page.after) constraints.push(startAfter(page.after));
  if (page.size) constraints.push(limit(page.size));
  return query(collection(db, shape.collection), ...constraints);
}

/** A stable key for a shape: the same filter is the same query (dates are serialised as ISO). */
export const shapeKey = (shape: QueryShape): string => JSON.stringify(shape);
