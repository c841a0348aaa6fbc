import type { DocumentData, QueryDocumentSnapshot } from 'firebase/firestore';
import type { EnrollmentStatus } from '@domain/api';
import { ENROLLMENT_CSV_COLUMNS, type TimestampLike } from '@domain/staff';
import { csvRow } from '@domain/csv';
import { csvWhen } from './format';

/** What the console shows of a stored enrollment (the rules let staff read the whole document). */
export interface EnrollmentRow {
  id: string;
  createdAt: TimestampLike | null;
  name: string;
  email: string;
  phone: string;
  planName: string;
  interestedCourse: string;
  price: number;
  status: EnrollmentStatus;
  paymentId: string | null;
}

export function enrollmentRow(snap: QueryDocumentSnapshot<DocumentData>): EnrollmentRow {
  const d = snap.data();
  return {
    id: snap.id,
    createdAt: (d.createdAt as TimestampLike | null) ?? null,
    name: String(d.name ?? ''),
    email: String(d.email ?? ''),
    phone: String(d.phone ?? ''),
    planName: String(d.planName ?? ''),
    interestedCourse: String(d.interestedCourse ?? ''),
    price: Number(d.price ?? 0),
    status: d.status as EnrollmentStatus,
    paymentId: (d.payment as { paymentId?: string } | null)?.paymentId ?? null,
  };
}

/** The CSV of rows, with a BOM so spreadsheet apps read UTF-8 (names, ₹) correctly; cells neutralised by csvRow. */
export function enrollmentsCsv(rows: EnrollmentRow[]): string {
  const lines = [
    csvRow(ENROLLMENT_CSV_COLUMNS),
    ...rows.map((r) => csvRow([csvWhen(r.createdAt), r.name, r.email, r.phone, r.planName, r.interestedCourse, r.price, r.status, r.paymentId ?? '', r.id])),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
