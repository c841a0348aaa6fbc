import { HttpError } from '../http/errors';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A finance page's month, YYYY-MM: the one asked for, or this month in India; anything else is a 400. */
export function reportMonth(param: string | undefined, currentMonth: string): { month: string; year: number; number: number } {
  const month = param ?? currentMonth;
  const parts = MONTH.exec(month);
  if (!parts) throw new HttpError('invalid-argument', 'Choose a month as YYYY-MM.', { month: 'Choose a month as YYYY-MM.' });
  return { month, year: Number(parts[1]), number: Number(parts[2]) };
}
