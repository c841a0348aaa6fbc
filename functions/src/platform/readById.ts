import type { DocumentData, DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { chunks } from './chunks';
import { db } from './database';

/** getAll's limit per call: the documents of one read by id. */
const GET_ALL_LIMIT = 500;

/**
 * The snapshots of these documents, in order, read by id 500 at a time. Reading by id follows what a page shows;
 * the emulator answers a query by scanning the whole collection (decision 0039), and in production a by-id read
 * costs the same one read a document.
 */
export async function snapshotsById<T extends DocumentData>(refs: readonly DocumentReference<T>[]): Promise<DocumentSnapshot<T>[]> {
  const found: DocumentSnapshot<T>[] = [];
  for (const group of chunks(refs, GET_ALL_LIMIT)) {
    // getAll loses the references' converter type; the documents are read through it all the same.
    found.push(...((await db().getAll(...group)) as DocumentSnapshot<T>[]));
  }
  return found;
}

/** The data of those of these documents that exist, in order. */
export async function readById<T extends DocumentData>(refs: readonly DocumentReference<T>[]): Promise<T[]> {
  return (await snapshotsById(refs)).flatMap((snap) => {
    const doc = snap.data();
    return doc === undefined ? [] : [doc];
  });
}
