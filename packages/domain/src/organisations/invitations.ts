import { CsvError, parse } from 'csv-parse/sync';
import { isInvitationAddress, notAnAddress } from './addresses';

// Seats handed out by e-mail: one at a time or a CSV of up to 500 rows (an e-mail address, and optionally a name).
// A file is taken whole or not at all: each bad row is named, and nothing from that file is applied.

export const MAX_INVITATION_ROWS = 500;

export interface Invitee {
  email: string;
  name: string | null;
}
export interface RowProblem {
  /** The row's number in the file as a spreadsheet shows it (1 is the first line). */
  row: number;
  problem: string;
}

export type InvitationFile = { ok: true; invitees: Invitee[] } | { ok: false; problems: RowProblem[] };

/**
 * Reads an invitation file against what is left of the order: `seatsLeft` unassigned seats, and the addresses
 * already invited or holding a seat of this organisation. A first row whose first cell says "email" is a header.
 */
export function readInvitationFile(text: string, order: { seatsLeft: number; taken: readonly string[] }): InvitationFile {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    const line = err instanceof CsvError ? ((err as CsvError & { lines?: number }).lines ?? 1) : 1;
    return {
      ok: false,
      problems: [{ row: line, problem: 'This line is not valid CSV (a quote left open?). Save the file as CSV and try again.' }],
    };
  }
  const header = records.length > 0 && /^e-?mail/i.test(records[0][0] ?? '');
  const rows = records.map((cells, i) => ({ row: i + 1, cells })).slice(header ? 1 : 0);
  if (rows.length === 0) return { ok: false, problems: [{ row: 1, problem: 'The file has no addresses.' }] };
  if (rows.length > MAX_INVITATION_ROWS)
    return {
      ok: false,
      problems: [
        {
          row: MAX_INVITATION_ROWS + (header ? 2 : 1),
          problem: `A file holds at most ${MAX_INVITATION_ROWS} rows; this one has ${rows.length}.`,
        },
      ],
    };
  const taken = new Set(order.taken.map((e) => e.toLowerCase()));
  const seen = new Map<string, number>();
  const problems: RowProblem[] = [];
  const invitees: Invitee[] = [];
  for (const { row, cells } of rows) {
    const email = (cells[0] ?? '').toLowerCase();
    const name = cells[1]?.trim() || null;
    if (!isInvitationAddress(email)) problems.push({ row, problem: notAnAddress(cells[0] ?? '') });
    else if (seen.has(email)) problems.push({ row, problem: `${email} is already on row ${seen.get(email)}.` });
    else if (taken.has(email)) problems.push({ row, problem: `${email} is already invited or holds a seat.` });
    else if (invitees.length >= order.seatsLeft)
      problems.push({
        row,
        problem: `Over the seats left: ${order.seatsLeft} ${order.seatsLeft === 1 ? 'seat is' : 'seats are'} unassigned.`,
      });
    else if (name && name.length > 100) problems.push({ row, problem: 'A name is at most 100 characters.' });
    else invitees.push({ email, name });
    if (isInvitationAddress(email) && !seen.has(email)) seen.set(email, row);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, invitees };
}
