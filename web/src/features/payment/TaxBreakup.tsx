import type { TaxDocumentSummary } from '@upskill/domain/tax';
import { formatPaise } from '@upskill/domain/tax';

const rs = (paise: number) => `₹${formatPaise(paise)}`;

/** The tax in a price, as its invoice (or the preview before paying) splits it. */
export function TaxBreakup({
  breakup,
  placeOfSupply,
  caption,
}: Pick<TaxDocumentSummary, 'breakup' | 'placeOfSupply'> & { caption: string }) {
  const exportSupply = placeOfSupply.kind === 'export';
  return (
    <table className="tax-breakup" data-testid="tax-breakup">
      <caption>{caption}</caption>
      <tbody>
        <tr>
          <th scope="row">Place of supply</th>
          <td>{exportSupply ? `${placeOfSupply.name} (outside India)` : `${placeOfSupply.name} (${placeOfSupply.code})`}</td>
        </tr>
        <tr>
          <th scope="row">Taxable value</th>
          <td>{rs(breakup.taxable)}</td>
        </tr>
        {placeOfSupply.kind === 'intra-state' && (
          <>
            <tr>
              <th scope="row">CGST @ {breakup.cgstRate}%</th>
              <td>{rs(breakup.cgst)}</td>
            </tr>
            <tr>
              <th scope="row">SGST @ {breakup.sgstRate}%</th>
              <td>{rs(breakup.sgst)}</td>
            </tr>
          </>
        )}
        {placeOfSupply.kind === 'inter-state' && (
          <tr>
            <th scope="row">IGST @ {breakup.igstRate}%</th>
            <td>{rs(breakup.igst)}</td>
          </tr>
        )}
        {exportSupply && (
          <tr>
            <th scope="row">GST</th>
            <td>Zero-rated export (under Letter of Undertaking)</td>
          </tr>
        )}
        <tr>
          <th scope="row">Total</th>
          <td>{rs(breakup.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}
