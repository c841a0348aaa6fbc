import { Timestamp, type FirestoreDataConverter } from 'firebase-admin/firestore';
import { COLLECTIONS, documentConverter, type CollectionName, type StoredDocuments } from '@upskill/domain/records';
import { db } from './database';

/** A stored document as the admin SDK reads it: the domain's shape with the admin Timestamp. */
export type Stored<C extends CollectionName> = StoredDocuments<Timestamp>[C];

const isTimestamp = (value: unknown): value is Timestamp => value instanceof Timestamp;

/**
 * The admin side's converter for a collection, built from the domain's declared shape: every read is
 * checked against it (a drifted document is an error that names its fields, not a silent undefined).
 */
const converter = <C extends CollectionName>(name: C): FirestoreDataConverter<Stored<C>> => documentConverter(name, isTimestamp);

/** A typed collection reference: `collection('enrollments').doc(id)` reads and writes an EnrollmentDoc. */
export const collection = <C extends CollectionName>(name: C) => db().collection(COLLECTIONS[name]).withConverter(converter(name));
