import { Fragment } from 'react';
import { purchaseLines, type PurchaseFacts } from '@upskill/domain/enrollment';

/** What was bought, as `dt`/`dd` pairs inside a summary list (the payment step, the receipt, the trial). */
export function PurchaseLines({ purchase }: { purchase: PurchaseFacts }) {
  return (
    <>
      {purchaseLines(purchase).map((line) => (
        <Fragment key={line.label}>
          <dt>{line.label}</dt>
          <dd data-testid={`purchase-${line.label.toLowerCase().replace(/ /g, '-')}`}>{line.value}</dd>
        </Fragment>
      ))}
    </>
  );
}
