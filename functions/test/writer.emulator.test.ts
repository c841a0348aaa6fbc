import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../../tests/support/env';

/**
 * The write helpers (src/platform/writer.ts) against the Firestore emulator, through a transaction and through a
 * batch alike: each must mean what the SDK's own call means, the preconditions included, whichever writer it is given.
 * The documents live in a collection of their own, outside every collection the site keeps.
 */
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
const { db } = await import('../src/platform/database');
const { createDoc, mergeDoc, setDoc, updateDoc } = await import('../src/platform/writer');
type Writer = Parameters<typeof createDoc>[0];

interface Week {
  label: string;
  entries: Record<string, number>;
  at?: Timestamp;
}
const fresh = () => db().collection('writerHelperTest').doc(randomUUID()) as DocumentReference<Week>;
const read = async (ref: DocumentReference<Week>) => (await ref.get()).data();

/** Runs `write` in a transaction or a batch, committing it; a failed commit rejects. */
const WRITERS: [string, (write: (writer: Writer) => void) => Promise<unknown>][] = [
  ['a transaction', (write) => db().runTransaction(async (tx) => write(tx), { maxAttempts: 1 })],
  [
    'a batch',
    (write) => {
      const batch = db().batch();
      write(batch);
      return batch.commit();
    },
  ],
];

describe.each(WRITERS)('the write helpers through %s', (_, commit) => {
  it('createDoc writes a new document, and fails on one that exists', async () => {
    const ref = fresh();
    await commit((w) => createDoc(w, ref, { label: 'first', entries: { a: 1 } }));
    expect(await read(ref)).toEqual({ label: 'first', entries: { a: 1 } });
    await expect(commit((w) => createDoc(w, ref, { label: 'second', entries: {} }))).rejects.toThrow(/exists/i);
    expect((await read(ref))?.label).toBe('first');
  });

  it('setDoc replaces the whole document', async () => {
    const ref = fresh();
    await commit((w) => setDoc(w, ref, { label: 'first', entries: { a: 1, b: 2 } }));
    await commit((w) => setDoc(w, ref, { label: 'second', entries: { c: 3 } }));
    expect(await read(ref)).toEqual({ label: 'second', entries: { c: 3 } });
  });

  it("mergeDoc writes a map's keys one by one, removes one with FieldValue.delete(), and keeps every other field", async () => {
    const ref = fresh();
    await commit((w) => mergeDoc(w, ref, { label: 'week', entries: { a: 1 } }));
    await commit((w) => mergeDoc(w, ref, { entries: { b: 2 } }));
    expect(await read(ref)).toEqual({ label: 'week', entries: { a: 1, b: 2 } });
    await commit((w) => mergeDoc(w, ref, { entries: { a: FieldValue.delete() }, at: Timestamp.fromMillis(0) }));
    expect(await read(ref)).toEqual({ label: 'week', entries: { b: 2 }, at: Timestamp.fromMillis(0) });
  });

  it('updateDoc changes the named fields of a document that exists, and fails on one that does not', async () => {
    const ref = fresh();
    await expect(commit((w) => updateDoc(w, ref, { label: 'nowhere' }))).rejects.toThrow(/not.found|no document/i);
    expect((await ref.get()).exists).toBe(false);
    await commit((w) => createDoc(w, ref, { label: 'first', entries: { a: 1 } }));
    await commit((w) => updateDoc(w, ref, { label: 'second' }));
    expect(await read(ref)).toEqual({ label: 'second', entries: { a: 1 } });
  });

  it("updateDoc's precondition: the update lands only on the version it names", async () => {
    const ref = fresh();
    await commit((w) => createDoc(w, ref, { label: 'first', entries: {} }));
    const seen = (await ref.get()).updateTime!;
    await commit((w) => updateDoc(w, ref, { label: 'second' }, { lastUpdateTime: seen }));
    expect((await read(ref))?.label).toBe('second');
    // The document has changed since `seen`: a second update on that version is refused and writes nothing.
    await expect(commit((w) => updateDoc(w, ref, { label: 'third' }, { lastUpdateTime: seen }))).rejects.toThrow();
    expect((await read(ref))?.label).toBe('second');
  });
});
