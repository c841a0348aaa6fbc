import { useEffect, useId, useState } from 'react';
import type { User } from 'firebase/auth';
import { formatRupees } from '@upskill/domain/common';
import { actionFailure, financeReport, referralFigures } from './staffApi';
import { gstr1Csv, type FinanceDocument, type MonthReport, type Totals } from '@upskill/domain/finance';
import { formatPaise, indiaMonth } from '@upskill/domain/tax';
import { saveFile } from '../../lib/saveFile';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useUrlState } from './useUrlState';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthFromParams = (params: URLSearchParams) => {
  const raw = params.get('month') ?? '';
  return MONTH.test(raw) ? raw : indiaMonth(Date.now());
};
const paramsFromMonth = (month: string) => new URLSearchParams(month === indiaMonth(Date.now()) ? {} : { month });
const rs = (paise: number) => `₹${formatPaise(paise)}`;

function TotalsTable({ rows, caption }: { rows: [string, Totals][]; caption: string }) {
  const id = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="staff-table" data-testid="finance-totals">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Documents</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              Taxable value
            </th>
            <th scope="col" className="num">
              CGST
            </th>
            <th scope="col" className="num">
              SGST
            </th>
            <th scope="col" className="num">
              IGST
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, t]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{t.count}</td>
              <td className="num">{rs(t.taxable)}</td>
              <td className="num">{rs(t.cgst)}</td>
              <td className="num">{rs(t.sgst)}</td>
              <td className="num">{rs(t.igst)}</td>
              <td className="num">{rs(t.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentsTable({ docs, caption }: { docs: FinanceDocument[]; caption: string }) {
  const id = useId();
  if (docs.length === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="staff-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Date</th>
            <th scope="col">Buyer</th>
            <th scope="col">GSTIN</th>
            <th scope="col">Place of supply</th>
            <th scope="col" className="num">
              Taxable value
            </th>
            <th scope="col" className="num">
              Tax
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.number}>
              <td>
                <code>{d.number}</code>
                {d.refersTo ? <span className="muted block">Against {d.refersTo.number}</span> : null}
              </td>
              <td>{d.date}</td>
              <td>{d.buyer.businessName ?? d.buyer.name}</td>
              <td>{d.buyer.gstin ?? '—'}</td>
              <td>
                {d.placeOfSupply.code}-{d.placeOfSupply.name}
              </td>
              <td className="num">{rs(d.taxable)}</td>
              <td className="num">{rs(d.cgst + d.sgst + d.igst)}</td>
              <td className="num">{rs(d.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type MonthLoad<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; value: T };

/** One read per month chosen: what it answered for the month shown now, or that it is still loading. */
function useMonthRead<T>(user: User, month: string, read: (token: () => Promise<string>, month: string) => Promise<T>): MonthLoad<T> {
  const [load, setLoad] = useState<{ month: string; load: MonthLoad<T> }>({ month, load: { state: 'loading' } });
  useEffect(() => {
    let live = true;
    read(() => user.getIdToken(), month).then(
      (value) => live && setLoad({ month, load: { state: 'done', value } }),
      (err: unknown) => live && setLoad({ month, load: { state: 'error', message: actionFailure(err) } }),
    );
    return () => {
      live = false;
    };
  }, [user, month, read]);
  return load.month === month ? load.load : { state: 'loading' };
}

/**
 * Referral credits as finance counts them: what is owed now and what may be owed (a liability, never payable in cash),
 * the month's grants, and its uses, each a discount on an invoice of the month; with the friends' discounts given.
 */
function ReferralCredits({ user, month }: { user: User; month: string }) {
  const id = useId();
  const shown = useMonthRead(user, month, referralFigures);
  if (shown.state === 'loading') return <p role="status">Loading the referral credits…</p>;
  if (shown.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {shown.message}
      </p>
    );
  const f = shown.value;
  const rows: [string, { count: number; amount: number }][] = [
    ['Owed now: granted, not yet used (liability)', f.available],
    ['Waiting to settle: friends’ payments not yet final', f.pending],
    [`Granted in ${month}`, f.granted],
    [`Used in ${month} (a discount on that month’s invoices)`, f.spent],
    [`Friends’ referral discounts given in ${month}`, f.discounts],
  ];
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="staff-table" data-testid="referral-figures">
        <caption id={id}>Referral credits (a discount, never cash; GST is charged on the price after them)</caption>
        <thead>
          <tr>
            <th scope="col">Referral credits</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, v]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{v.count}</td>
              <td className="num">{formatRupees(v.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Finance: a month's GST invoices and credit notes, summed as GSTR-1 asks, and its CSV; the referral credits' liability. */
export function FinanceView({ user }: { user: User }) {
  useDocumentMeta('Finance · Staff console', 'Upskill staff: GST invoices and credit notes by month.', { noindex: true });
  const [month, setMonth] = useUrlState(monthFromParams, paramsFromMonth);
  const load = useMonthRead(user, month, financeReport);
  const report: MonthReport | null = load.state === 'done' ? load.value : null;
  const b2csId = useId();
  const [thisMonth] = useState(() => indiaMonth(Date.now()));
  return (
    <>
      <h1>Finance</h1>
      <div className="staff-toolbar">
        <div className="field">
          <label htmlFor="finance-month">Month</label>
          <input
            id="finance-month"
            type="month"
            value={month}
            max={thisMonth}
            onChange={(e) => MONTH.test(e.target.value) && setMonth(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!report}
          onClick={() => report && saveFile(new Blob([gstr1Csv(report)], { type: 'text/csv;charset=utf-8' }), `upskill-gstr1-${month}.csv`)}
        >
          Download GSTR-1 CSV
        </button>
      </div>
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          Could not load this month’s documents. {load.message}
        </p>
      )}
      {load.state === 'loading' && <p role="status">Loading the month’s invoices…</p>}
      {report && (
        <>
          <TotalsTable
            caption={`Totals for ${month}`}
            rows={[
              ['Invoices', report.invoices],
              ['Credit notes', report.creditNotes],
              ['Net', report.net],
            ]}
          />
          <DocumentsTable caption="B2B invoices (buyers with a GSTIN)" docs={report.b2b} />
          {report.b2cs.length > 0 && (
            <div className="table-scroll" role="region" aria-labelledby={b2csId} tabIndex={0}>
              <table className="staff-table">
                <caption id={b2csId}>B2C by place of supply and rate (credit notes netted)</caption>
                <thead>
                  <tr>
                    <th scope="col">Place of supply</th>
                    <th scope="col">Supply</th>
                    <th scope="col" className="num">
                      Rate
                    </th>
                    <th scope="col" className="num">
                      Taxable value
                    </th>
                    <th scope="col" className="num">
                      CGST
                    </th>
                    <th scope="col" className="num">
                      SGST
                    </th>
                    <th scope="col" className="num">
                      IGST
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.b2cs.map((r) => (
                    <tr key={`${r.placeOfSupply}-${r.rate}`}>
                      <td>{r.placeOfSupply}</td>
                      <td>{r.type === 'intra-state' ? 'Intra-state' : 'Inter-state'}</td>
                      <td className="num">{r.rate}%</td>
                      <td className="num">{rs(r.taxable)}</td>
                      <td className="num">{rs(r.cgst)}</td>
                      <td className="num">{rs(r.sgst)}</td>
                      <td className="num">{rs(r.igst)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <DocumentsTable caption="Exports (zero-rated under LUT)" docs={report.exports} />
          <DocumentsTable caption="Credit notes to registered buyers" docs={report.cdnr} />
          <DocumentsTable caption="Credit notes against exports" docs={report.cdnur} />
          {report.invoices.count + report.creditNotes.count === 0 && <p className="staff-empty">No invoices or credit notes in {month}.</p>}
        </>
      )}
      <ReferralCredits user={user} month={month} />
    </>
  );
}
