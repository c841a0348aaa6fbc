import type { QueryDocumentSnapshot } from 'firebase/firestore';
import type { EnrollmentStatus } from '@upskill/domain/enrollment';
import type { TimestampLike } from '@upskill/domain/records';
import { ENROLLMENT_CSV_COLUMNS } from '@upskill/domain/staff';
import type { Stored } from './converters';
import { csvRow } from '@upskill/domain/common';
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

export function enrollmentRow(snap: QueryDocumentSnapshot<Stored<'enrollments'>>): EnrollmentRow {
  const d = snap.data();
  return {
    id: snap.id,
    createdAt: d.createdAt,
    name: d.name,
    email: d.email,
    phone: d.phone,
    planName: d.planName,
    interestedCourse: d.interestedCourse,
    price: d.price,
    status: d.status,
    paymentId: d.payment?.paymentId ?? null,
  };
}

/** The CSV of rows, with a BOM so spreadsheet apps read UTF-8 (names, ₹) correctly; cells neutralised by csvRow. */
export function enrollmentsCsv(rows: EnrollmentRow[]): string {
  const lines = [
    csvRow(ENROLLMENT_CSV_COLUMNS),
    ...rows.map((r) =>
      csvRow([csvWhen(r.createdAt), r.name, r.email, r.phone, r.planName, r.interestedCourse, r.price, r.status, r.paymentId ?? '', r.id]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
