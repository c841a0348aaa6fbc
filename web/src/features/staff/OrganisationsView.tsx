import { indiaMomentShort, indiaToday } from '../../lib/indiaTime';
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import { B2B_MONTHS_SHOWN, type StaffOrganisations } from '@upskill/domain/organisations';
import { formatPaise } from '@upskill/domain/tax';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, confirmOrganisation, organisationsBoard, seatOrderChange } from './staffApi';
import { FiguresTable } from './FiguresTable';
import { monthName, monthStart } from './format';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; answer: StaffOrganisations };
type Order = StaffOrganisations['orders'][number];
type Token = () => Promise<string>;
const WeeklyChart = lazy(() => import('./WeeklyChart'));

const rupees = (paise: number) => `₹${formatPaise(paise)}`;
/** A moment in India time, as the console shows them. */
const when = (iso: string) => indiaMomentShort(iso);
const wholeRupees = (value: number) => `₹${Math.round(value).toLocaleString('en-IN')}`;

/** B2B revenue by month: a chart of the table under it (the chart's code loads with this tab only). */
function B2bRevenue({ months }: { months: StaffOrganisations['b2bByMonth'] }) {
  const chart = useMemo(
    () => ({
      starts: months.map((m) => monthStart(m.month)),
      series: [
        { label: 'Taxable value', values: months.map((m) => m.taxable / 100) },
        { label: 'Invoiced (with GST)', values: months.map((m) => m.total / 100) },
      ],
    }),
    [months],
  );
  return (
    <>
      {months.length > 0 && (
        <Suspense fallback={<div className="utilisation-chart" />}>
          <WeeklyChart
            weeks={chart.starts}
            series={chart.series}
            axis="Rupees"
            unit=""
            format={wholeRupees}
            period="month"
            empty="none"
            testId="b2b-chart"
          />
        </Suspense>
      )}
      <FiguresTable
        label={`B2B revenue by month, the last ${B2B_MONTHS_SHOWN} months`}
        columns={[
          { key: 'month', label: 'Month' },
          { key: 'taxable', label: 'Taxable value' },
          { key: 'total', label: 'Invoiced (with GST)' },
        ]}
        rows={months.map((m) => ({
          key: m.month,
          head: monthName(m.month),
          cells: [rupees(m.taxable), rupees(m.total)],
        }))}
        rowTestId="b2b-month"
      />
    </>
  );
}
const today = () => indiaToday();

/** What staff record against an order: a transfer (UTR, day, amount), TDS and its certificate, or a price for 100+ seats. */
function OrderActions({ order, token, onChanged }: { order: Order; token: Token; onChanged: (note: string) => void }) {
  const [utr, setUtr] = useState('');
  const [date, setDate] = useState(today());
  const [amount, setAmount] = useState('');
  const [tds, setTds] = useState('');
  const [certificate, setCertificate] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const paise = (rupeesText: string) => Math.round(Number(rupeesText.replace(/,/g, '')) * 100);
  const act = async (verb: string, body: Record<string, unknown>, note: string) => {
    setError(undefined);
    try {
      await seatOrderChange(token, order.id, verb, body);
      onChanged(note);
    } catch (err) {
      setError(actionFailure(err));
    }
  };
  const submit = (verb: string, body: Record<string, unknown>, note: string) => (e: FormEvent) => {
    e.preventDefault();
    void act(verb, body, note);
  };
  if (order.state === 'awaiting-price')
    return (
      <form
        className="staff-inline-form"
        noValidate
        onSubmit={submit('price', { seatPrice: paise(price) }, `${order.reference} priced.`)}
        aria-label={`Price ${order.reference}`}
      >
        <label htmlFor={`${id}-price`}>Price per seat (₹, GST included)</label>
        <input id={`${id}-price`} className="input" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
        <button type="submit" className="btn btn--primary btn--sm">
          Price it
        </button>
        {error && (
          <p className="status status--error" role="alert">
            {error}
          </p>
        )}
      </form>
    );
  return (
    <div className="staff-order-actions">
      {order.state === 'quoted' && (
        <form
          className="staff-inline-form"
          noValidate
          onSubmit={submit('transfers', { utr, date, amount: paise(amount) }, `Transfer ${utr} recorded against ${order.reference}.`)}
          aria-label={`Record a transfer for ${order.reference}`}
        >
          <label htmlFor={`${id}-utr`}>UTR</label>
          <input id={`${id}-utr`} className="input" value={utr} onChange={(e) => setUtr(e.target.value)} />
          <label htmlFor={`${id}-date`}>Arrived on</label>
          <input id={`${id}-date`} className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          <label htmlFor={`${id}-amount`}>Amount (₹)</label>
          <input id={`${id}-amount`} className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          <button type="submit" className="btn btn--primary btn--sm">
            Record transfer
          </button>
        </form>
      )}
      {!order.tds && order.state === 'quoted' && (
        <form
          className="staff-inline-form"
          noValidate
          onSubmit={submit('tds', { amount: paise(tds) }, `TDS recorded against ${order.reference}.`)}
          aria-label={`Record TDS for ${order.reference}`}
        >
          <label htmlFor={`${id}-tds`}>TDS deducted (₹, at most {rupees(order.tdsAllowed)})</label>
          <input id={`${id}-tds`} className="input" inputMode="decimal" value={tds} onChange={(e) => setTds(e.target.value)} />
          <button type="submit" className="btn btn--secondary btn--sm">
            Record TDS
          </button>
        </form>
      )}
      {order.tds && !order.tds.certificate && (
        <form
          className="staff-inline-form"
          noValidate
          onSubmit={submit('tds', { certificate }, `TDS certificate recorded for ${order.reference}.`)}
          aria-label={`TDS certificate for ${order.reference}`}
        >
          <label htmlFor={`${id}-cert`}>TDS certificate (Form 16A) number</label>
          <input id={`${id}-cert`} className="input" value={certificate} onChange={(e) => setCertificate(e.target.value)} />
          <button type="submit" className="btn btn--secondary btn--sm">
            Record certificate
          </button>
        </form>
      )}
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The Organisations tab: requests to confirm, orders and what is owed on them, B2B revenue by month, TDS receivable. */
export function OrganisationsView({ user }: { user: User }) {
  useDocumentMeta('Organisations', 'Teams and campuses: organisations, quotes, orders, transfers and TDS.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [note, setNote] = useState<string>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    organisationsBoard(token).then(
      (answer) => live && setLoad({ state: 'done', answer }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, version]);
  const changed = (message: string) => {
    setNote(message);
    setVersion((v) => v + 1);
  };
  if (load.state === 'loading') return <p role="status">Loading organisations…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { organisations, orders, b2bByMonth, tdsReceivable, requestsAnswered } = load.answer;
  return (
    <div className="staff-organisations">
      <h1>Organisations</h1>
      {note && (
        <p className="status status--success" role="status">
          {note}
        </p>
      )}
      <p data-testid="tds-receivable">TDS receivable (certificates not yet in): {rupees(tdsReceivable)}</p>
      <h2>B2B revenue by month</h2>
      <B2bRevenue months={b2bByMonth} />
      <h2>Organisations</h2>
      <p data-testid="requests-on-time">
        Requests from the public page answered within a working day: {requestsAnswered.onTime} of {requestsAnswered.answered}
        {organisations.some((o) => o.overdue) && (
          <>
            {' '}
            · <strong>{organisations.filter((o) => o.overdue).length} waiting past the promise</strong>
          </>
        )}
      </p>
      <ul className="staff-list">
        {organisations.map((o) => (
          <li key={o.id} className="card" data-testid="staff-organisation">
            <strong>{o.legalName}</strong> ({o.kind}, {o.stateName}, {o.gstin ?? 'no GSTIN'}) ·{' '}
            {o.status === 'requested' ? 'Asked for' : 'Confirmed'}
            {o.requestedBy && (
              <span className="muted">
                {' '}
                by {o.requestedBy.name} &lt;{o.requestedBy.email}&gt;
              </span>
            )}
            {o.answerDueAt && (
              <p className="muted" data-testid="organisation-promise">
                Asked {when(o.askedAt!)}
                {o.status === 'requested'
                  ? ` · answer due by ${when(o.answerDueAt)}`
                  : o.answeredOnTime
                    ? ' · answered within a working day'
                    : ' · answered after its working day'}
                {o.overdue && <span className="badge support-queue__overdue">Past its promise</span>}
              </p>
            )}
            {o.message && <p>{o.message}</p>}
            {o.status === 'requested' && (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() =>
                  void confirmOrganisation(token, o.id).then(
                    () => changed(`${o.legalName} confirmed; its admins have been mailed.`),
                    (err: unknown) => setNote(actionFailure(err)),
                  )
                }
              >
                Confirm
              </button>
            )}
          </li>
        ))}
      </ul>
      <h2>Quotes and orders</h2>
      <ul className="staff-list">
        {orders.map((o) => (
          <li key={o.id} className="card" data-testid="staff-seat-order">
            <p>
              <strong>{o.reference}</strong> {o.organisationName}: {o.description} · {o.state}
              {o.expired && ' (expired)'} · total {rupees(o.tax.total)} · received {rupees(o.settlement.received)}
              {o.settlement.tds > 0 && ` + TDS ${rupees(o.settlement.tds)}`} · outstanding {rupees(o.settlement.outstanding)}
              {o.invoice && ` · invoice ${o.invoice.number}`}
              {o.priceDueAt && ` · to price by ${when(o.priceDueAt)}`}
              {o.overdue && <span className="badge support-queue__overdue">Past its promise</span>}
            </p>
            <OrderActions order={o} token={token} onChanged={changed} />
          </li>
        ))}
      </ul>
    </div>
  );
}
