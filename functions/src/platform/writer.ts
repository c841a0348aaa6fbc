import {
  Transaction,
  WriteBatch,
  type DocumentData,
  type DocumentReference,
  type PartialWithFieldValue,
  type Precondition,
  type UpdateData,
  type WithFieldValue,
} from 'firebase-admin/firestore';

/**
 * Whatever commits a change with the documents it belongs with: a transaction, or a batch where nothing is read
 * first. The two write alike, but their methods are overloaded, and TypeScript cannot call a union of overloads; these
 * helpers narrow the writer instead of casting it, so a document's type is checked on both paths.
 */
export type Writer = Transaction | WriteBatch;

/** Creates `ref` with `data`; the commit fails if it already exists. */
export function createDoc<T>(writer: Writer, ref: DocumentReference<T>, data: WithFieldValue<T>): void {
  if (writer instanceof Transaction) writer.create(ref, data);
  else writer.create(ref, data);
}

/** Writes `data` as the whole of `ref`. */
export function setDoc<T>(writer: Writer, ref: DocumentReference<T>, data: WithFieldValue<T>): void {
  if (writer instanceof Transaction) writer.set(ref, data);
  else writer.set(ref, data);
}

/**
 * Merges `data` into `ref`, creating it if need be: the fields named are written (a nested map's keys one by one, a
 * `FieldValue.delete()` removes one), and every other field stays. Two commits merging different keys of one map never
 * overwrite each other's.
 */
export function mergeDoc<T>(writer: Writer, ref: DocumentReference<T>, data: PartialWithFieldValue<T>): void {
  if (writer instanceof Transaction) writer.set(ref, data, { merge: true });
  else writer.set(ref, data, { merge: true });
}

/**
 * Updates fields of an existing `ref`, if `precondition` holds (the commit fails otherwise). The fields are checked
 * against the document's type here; the SDK's update takes them by the stored shape (DocumentData), which a generic
 * type cannot be shown to match, hence the one widening below.
 */
export function updateDoc<T extends DocumentData>(
  writer: Writer,
  ref: DocumentReference<T>,
  data: UpdateData<T>,
  precondition?: Precondition,
): void {
  const fields = data as UpdateData<DocumentData>;
  // No precondition means "the document exists": the SDK's default, which an empty one ({}) would drop.
  if (writer instanceof Transaction) {
    if (precondition) writer.update(ref, fields, precondition);
    else writer.update(ref, fields);
  } else if (precondition) writer.update(ref, fields, precondition);
  else writer.update(ref, fields);
}
