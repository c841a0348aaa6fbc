import { useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import { formatPaise } from '@upskill/domain/tax';
import { MAX_INVITATION_ROWS, isInvitationAddress, notAnAddress, type SeatOrderView } from '@upskill/domain/organisations';
import { failureMessage, fieldErrorsOf } from '../../lib/api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { loadCheckout, openGatewayOrder } from '../payment';
import { confirmPayment, download, invite, invoicePdfPath, makeCodes, quotePdfPath, startCheckout } from './api';

const rupees = (paise: number) => `₹${formatPaise(paise)}`;
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const STATE_LABELS: Record<SeatOrderView['state'], string> = {
  'awaiting-price': 'Awaiting our price',
  quoted: 'Quote',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** Seats handed out: addresses typed or pasted (one per line), or a CSV file; or single-use codes. */
function HandOut({
  user,
  org,
  order,
  onChanged,
}: {
  user: User;
  org: string;
  order: SeatOrderView;
  onChanged: (next: SeatOrderView, note: string) => void;
}) {
  const [emails, setEmails] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [count, setCount] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const { errors, setErrors, show, invalid, error, form, id } = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const onInvite = async (event: FormEvent) => {
    event.preventDefault();
    const list = emails.split(/[\s,;]+/).filter(Boolean);
    if (!file && list.length === 0) return show({ emails: 'Give at least one address, or choose a CSV file.' });
    // Typed addresses are checked here with the file's words, so nothing is sent until every row is right; a file is
    // read by the server, which names its bad rows the same way.
    const bad = file
      ? []
      : list.flatMap((email, i) => (isInvitationAddress(email.toLowerCase()) ? [] : [`Row ${i + 1}: ${notAnAddress(email)}`]));
    if (bad.length)
      return show({
        emails: `Nothing was sent: ${bad.length === 1 ? 'one row needs' : `${bad.length} rows need`} correcting. ${bad.join(' ')}`,
      });
    setBusy(true);
    try {
      const body = file ? { csv: await file.text() } : { emails: list };
      const next = await invite(user, org, order.id, body);
      setEmails('');
      setFile(null);
      setErrors({});
      onChanged(
        next,
        file ? `Invitations sent from ${file.name}.` : `${list.length} ${list.length === 1 ? 'invitation' : 'invitations'} sent.`,
      );
    } catch (err) {
      const fields = fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.');
      const rows = Object.entries(fields).filter(([k]) => k.startsWith('row '));
      show(
        rows.length
          ? { emails: `${failureMessage(err, '')} ${rows.map(([k, v]) => `${k[0].toUpperCase()}${k.slice(1)}: ${v}`).join(' ')}` }
          : fields,
      );
    } finally {
      setBusy(false);
    }
  };
  const onCodes = async () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) return show({ count: 'How many codes? At least one.' });
    setBusy(true);
    try {
      const made = await makeCodes(user, org, order.id, n);
      setCodes(made.codes);
      setCount('');
      setErrors({});
      onChanged(made.order, `${made.codes.length} codes made: each gives one seat, once.`);
    } catch (err) {
      show(fieldErrorsOf(err, 'We could not reach the server. No code was made; please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={form}
      className="team-handout"
      noValidate
      onSubmit={(e) => void onInvite(e)}
      aria-label={`Hand out seats of ${order.reference}`}
    >
      <h4>Hand out seats ({order.counts.left} left)</h4>
      <div className="field">
        <label htmlFor={`${id}-emails`}>E-mail addresses, one per line</label>
        <textarea
          id={`${id}-emails`}
          className="input"
          rows={3}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          {...invalid('emails')}
        />
        {error('emails')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>Or a CSV file (an address and a name per row, up to {MAX_INVITATION_ROWS} rows)</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
        {busy ? 'Sending…' : 'Send invitations'}
      </button>
      <div className="field team-handout__codes">
        <label htmlFor={`${id}-count`}>Single-use codes</label>
        <input
          id={`${id}-count`}
          className="input"
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          {...invalid('count')}
        />
        {error('count')}
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => void onCodes()}>
          Make codes
        </button>
      </div>
      {codes.length > 0 && (
        <ul className="team-codes" aria-label="New codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{`${c.slice(0, 5)}-${c.slice(5)}`}</code>
            </li>
          ))}
        </ul>
      )}
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
    </form>
  );
}

/** One quote or order: its figures, its documents, paying it, and handing its seats out once paid. */
export function OrderCard({
  user,
  org,
  order,
  onChanged,
}: {
  user: User;
  org: string;
  order: SeatOrderView;
  onChanged: (next: SeatOrderView, note: string) => void;
}) {
  const [problem, setProblem] = useState<string>();
  const [paying, setPaying] = useState(false);
  const payable = order.state === 'quoted' && !order.expired && order.settlement.outstanding > 0;
  const pay = async () => {
    setProblem(undefined);
    setPaying(true);
    try {
      const [Razorpay, checkout] = await Promise.all([loadCheckout(), startCheckout(user, org, order.id)]);
      const outcome = await openGatewayOrder(
        Razorpay,
        {
          keyId: checkout.keyId,
          orderId: checkout.gatewayOrderId,
          amount: checkout.amount,
          currency: checkout.currency,
          description: checkout.description,
          prefill: { name: user.displayName ?? '', email: user.email ?? '', contact: '' },
          notes: { seatOrderId: order.id },
        },
        { onFailed: setProblem },
      );
      if (outcome.kind === 'paid')
        onChanged(await confirmPayment(user, org, order.id, outcome.result), `${order.reference} is paid. Its tax invoice is ready.`);
    } catch (err) {
      setProblem(failureMessage(err, 'The payment could not start. Check your connection and try again.'));
    } finally {
      setPaying(false);
    }
  };
  const get = (path: string, name: string) =>
    download(user, path, name).catch((err: unknown) => setProblem(failureMessage(err, 'The file could not be downloaded.')));
  const { counts, tax } = order;
  return (
    <li className="card team-order" data-testid="team-order">
      <h3>
        {order.reference}: {order.description} <span className="badge">{order.expired ? 'Expired' : STATE_LABELS[order.state]}</span>
      </h3>
      <dl className="team-figures">
        <dt>One seat</dt>
        <dd>
          {rupees(order.seatPrice)}{' '}
          <span className="muted">
            (list {rupees(order.listSeatPrice)}, {order.percentOff}% off)
          </span>
        </dd>
        <dt>Taxable value</dt>
        <dd>{rupees(tax.taxable)}</dd>
        <dt>GST</dt>
        <dd>{tax.igst ? `IGST ${rupees(tax.igst)}` : `CGST ${rupees(tax.cgst)} + SGST ${rupees(tax.sgst)}`}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{rupees(tax.total)}</strong>
        </dd>
        {order.poNumber && (
          <>
            <dt>PO number</dt>
            <dd>{order.poNumber}</dd>
          </>
        )}
        {order.state !== 'paid' ? (
          <>
            <dt>{order.expired ? 'Expired on' : 'Valid until'}</dt>
            <dd>{day(order.validUntil)}</dd>
          </>
        ) : (
          <>
            <dt>Seats</dt>
            <dd data-testid="order-counts">
              {counts.claimed + counts.ended} of {counts.bought} claimed · {counts.invited} invited · {counts.left} to hand out
            </dd>
            {order.lapsesAt && (
              <>
                <dt>Unclaimed seats lapse</dt>
                <dd>{day(order.lapsesAt)}</dd>
              </>
            )}
          </>
        )}
        {(order.settlement.received > 0 || order.settlement.tds > 0) && order.state !== 'paid' && (
          <>
            <dt>Received</dt>
            <dd>
              {rupees(order.settlement.received)}
              {order.settlement.tds > 0 && ` and TDS ${rupees(order.settlement.tds)}`}; {rupees(order.settlement.outstanding)} outstanding
            </dd>
          </>
        )}
      </dl>
      <p className="team-order__actions">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => void get(quotePdfPath(org, order.id), `upskill-quote-${order.reference}.pdf`)}
        >
          Download the quote (PDF)
        </button>
        {order.invoice && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void get(invoicePdfPath(org, order.id), `upskill-invoice-${order.invoice!.number.replace(/\//g, '-')}.pdf`)}
          >
            Download tax invoice {order.invoice.number} (PDF)
          </button>
        )}
        {payable && (
          <button type="button" className="btn btn--primary btn--sm" disabled={paying} onClick={() => void pay()}>
            {paying ? 'Opening payment…' : `Pay ${rupees(order.settlement.outstanding)} online`}
          </button>
        )}
      </p>
      {payable && (
        <p className="muted">
          Or pay by bank transfer quoting {order.reference}; if you deduct TDS, send us its certificate. We record both and mark the order
          paid.
        </p>
      )}
      {problem && (
        <p className="status status--error" role="alert">
          {problem}
        </p>
      )}
      {order.state === 'paid' && counts.left > 0 && <HandOut user={user} org={org} order={order} onChanged={onChanged} />}
    </li>
  );
}
