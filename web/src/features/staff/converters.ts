import {
  Timestamp,
  collection,
  doc,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';
import { COLLECTIONS, documentConverter, type CollectionName, type StoredDocuments } from '@upskill/domain/records';

// The console's typed references. No app or SDK instance here, so the tests read documents back with
// exactly these converters.

/** A stored document as the console reads it: the domain's shape with the client SDK's Timestamp. */
export type Stored<C extends CollectionName> = StoredDocuments<Timestamp>[C];

const isTimestamp = (value: unknown): value is Timestamp => value instanceof Timestamp;

// One converter object per collection: the SDK compares queries and references with their converter by
// identity, and reactfire re-subscribes to a query that is not equal to the last one (a fresh converter on
// every render would keep a live list loading forever).
const converters = new Map<CollectionName, unknown>();

export function converterFor<C extends CollectionName>(name: C): FirestoreDataConverter<Stored<C>> {
  // Built from the domain's declared shape, as the functions build theirs: a document that has drifted
  // from it fails loudly, naming its fields. The console writes nothing (the rules forbid it).
  if (!converters.has(name)) converters.set(name, documentConverter(name, isTimestamp));
  return converters.get(name) as FirestoreDataConverter<Stored<C>>;
}

export const typedCollection = <C extends CollectionName>(db: Firestore, name: C): CollectionReference<Stored<C>> =>
  collection(db, COLLECTIONS[name]).withConverter(converterFor(name));

export const typedDoc = <C extends CollectionName>(db: Firestore, name: C, id: string): DocumentReference<Stored<C>> =>
  doc(db, COLLECTIONS[name], id).withConverter(converterFor(name));
