import {
  Timestamp, collection, doc,
  type CollectionReference, type DocumentData, type DocumentReference, type Firestore, type FirestoreDataConverter, type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { COLLECTIONS, readDocument, type CollectionName, type StoredDocuments } from '@upskill/domain/documents';

// The console's typed references. No app or SDK instance here, so the tests read documents back with
// exactly these converters.

/** A stored document as the console reads it: the domain's shape with the client SDK's Timestamp. */
export type Stored<C extends CollectionName> = StoredDocuments<Timestamp>[C];

const isTimestamp = (value: unknown): value is Timestamp => value instanceof Timestamp;

/**
 * The client side's converter for a collection, built from the domain's declared shape (the functions
 * build theirs the same way): a document that has drifted from it fails loudly, naming its fields. The
 * console writes nothing (the rules forbid it), so toFirestore only satisfies the interface.
 */
function makeConverter<C extends CollectionName>(name: C): FirestoreDataConverter<Stored<C>> {
  return {
    toFirestore: (data) => data as DocumentData,
    fromFirestore: (snap: QueryDocumentSnapshot) => readDocument(name, snap.id, snap.data(), isTimestamp),
  };
}

// One converter object per collection: the SDK compares queries and references with their converter by
// identity, and reactfire re-subscribes to a query that is not equal to the last one (a fresh converter on
// every render would keep a live list loading forever).
const converters = new Map<CollectionName, unknown>();

export function converterFor<C extends CollectionName>(name: C): FirestoreDataConverter<Stored<C>> {
  if (!converters.has(name)) converters.set(name, makeConverter(name));
  return converters.get(name) as FirestoreDataConverter<Stored<C>>;
}

export const typedCollection = <C extends CollectionName>(db: Firestore, name: C): CollectionReference<Stored<C>> =>
  collection(db, COLLECTIONS[name]).withConverter(converterFor(name));

export const typedDoc = <C extends CollectionName>(db: Firestore, name: C, id: string): DocumentReference<Stored<C>> =>
  doc(db, COLLECTIONS[name], id).withConverter(converterFor(name));
