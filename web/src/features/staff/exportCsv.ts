import { getDocs, type Firestore, type QueryDocumentSnapshot } from 'firebase/firestore';
import type { EnrollmentFilter } from '@upskill/domain/staff';
import { enrollmentQuery } from '@upskill/domain/staff';
import { enrollmentRow, enrollmentsCsv, type EnrollmentRow } from './enrollmentRow';
import type { Stored } from './converters';
import { toQuery } from './queries';
import { saveFile } from '../../lib/saveFile';

const BATCH = 500;

/** Every enrollment the filter matches (not only the page on screen), read in batches of 500, as a CSV file. */
export async function exportEnrollments(db: Firestore, filter: EnrollmentFilter): Promise<{ rows: number; fileName: string }> {
  const shape = enrollmentQuery(filter);
  const rows: EnrollmentRow[] = [];
  let after: QueryDocumentSnapshot<Stored<'enrollments'>> | undefined;
  for (;;) {
    const snap = await getDocs(toQuery(db, shape, { after, size: BATCH }));
    rows.push(...snap.docs.map(enrollmentRow));
    if (snap.docs.length < BATCH) break;
    after = snap.docs[snap.docs.length - 1];
  }
  const fileName = `upskill-enrollments-${new Date().toISOString().slice(0, 10)}.csv`;
  saveFile(new Blob([enrollmentsCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
  return { rows: rows.length, fileName };
}
