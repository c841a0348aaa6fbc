import { Link } from 'react-router-dom';
import { formatRupees } from '@upskill/domain/common';
import { HOME_PLANS, PRICING_PLANS } from '@upskill/domain/catalogue';
import {
  MIN_SEATS,
  QUOTED_FROM_SEATS,
  QUOTE_VALID_DAYS,
  SEAT_PLANS,
  TDS_PERCENT,
  TDS_SECTION,
  VOLUME_TIERS,
  discountedSeatPrice,
} from '@upskill/domain/organisations';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import './team.css';

// "For teams and campuses": what an organisation buys, at what price, how it is invoiced and paid, and how seats
// reach people. Prerendered; the prices are the domain's, as the server charges them.

const plans = SEAT_PLANS.map((id) => [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === id)!).filter(
  (p): p is (typeof HOME_PLANS)[number] & { price: number } => typeof p?.price === 'number',
);

export default function TeamsPage() {
  useDocumentMeta(
    'Teams and campuses',
    'Seats for your team or your students: volume prices, one GST invoice with your GSTIN, invitations, codes or a campus link, and progress you can see.',
  );
  return (
    <>
      <section className="section">
        <div className="container teams">
          <span className="eyebrow">For teams and campuses</span>
          <h1>Seats for your team or your students</h1>
          <p className="teams__lead">
            Buy {MIN_SEATS} seats or more in a plan or in one batch of a course. Hand them out by e-mail, by code or with a link your
            students open with their college address, and see who attends, who passes and who is certified.
          </p>
          <p className="teams__actions">
            <Link className="btn btn--primary" to={paths.team}>
              Ask for team seats
            </Link>
            <Link className="btn btn--secondary" to={paths.join}>
              I have a code
            </Link>
          </p>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="teams-prices">
        <div className="container">
          <h2 id="teams-prices">Volume prices</h2>
          <p>
            Off the list price of each seat, GST included. From {QUOTED_FROM_SEATS} seats we agree a price with you. A quote holds for{' '}
            {QUOTE_VALID_DAYS} days.
          </p>
          <div className="table-scroll" role="region" aria-label="Price of one seat by number of seats" tabIndex={0}>
            <table className="teams__table">
              <thead>
                <tr>
                  <th scope="col">Seat</th>
                  <th scope="col">List price</th>
                  {VOLUME_TIERS.map((t) => (
                    <th key={t.from} scope="col">
                      {t.from}–{t.to} seats ({t.percentOff}% off)
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plans.map((plan) => (
                  <tr key={plan.id}>
                    <th scope="row">{plan.name}</th>
                    <td>{formatRupees(plan.price)}</td>
                    {VOLUME_TIERS.map((t) => (
                      <td key={t.from}>{formatRupees(discountedSeatPrice(plan.price, t.percentOff) / 100)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted">Course seats (places in one batch) take the same discounts off the course's price.</p>
        </div>
      </section>
      <section className="section" aria-labelledby="teams-how">
        <div className="container">
          <h2 id="teams-how">How it works</h2>
          <ol className="teams__steps grid grid--3">
            <li className="card">
              <h3>1. Tell us who you are</h3>
              <p>
                Your legal name, billing address and GSTIN (colleges without one are welcome). A campus names the e-mail domain its students
                use. We confirm it within a working day.
              </p>
            </li>
            <li className="card">
              <h3>2. Quote, then pay</h3>
              <p>
                Make a quote with your PO number and download it as a PDF. Pay online, or by bank transfer. If you deduct TDS under section{' '}
                {TDS_SECTION} ({TDS_PERCENT}% of the taxable value), we record it, and the order counts as paid once your certificate's
                amount and the transfer cover the total.
              </p>
            </li>
            <li className="card">
              <h3>3. One GST invoice</h3>
              <p>
                One B2B tax invoice per order with your legal name, address and GSTIN, SAC 999293, the seats and your PO number: CGST and
                SGST in Karnataka, IGST elsewhere. It appears as a B2B row in our GSTR-1, so you can claim the input tax credit.
              </p>
            </li>
            <li className="card">
              <h3>4. Seats to people</h3>
              <p>
                Invite people one by one or with a CSV of up to 500 addresses, give out single-use codes, or share your campus link. Revoke
                or reassign an invitation until it is claimed.
              </p>
            </li>
            <li className="card">
              <h3>5. See the learning</h3>
              <p>
                Your team page shows each member's attendance, assignment results and certificates, a weekly attendance chart and a CSV
                export. Never their mentoring notes, questions or support requests.
              </p>
            </li>
          </ol>
        </div>
      </section>
    </>
  );
}
