import { lazy, Suspense, useMemo } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { loadDraft } from '../enrollment';
import { ReceiptLoader } from './Receipt';

// Only a browser without this enrollment's edit token needs the sign-in SDK to read it.
const AccountReceipt = lazy(() => import('./AccountReceipt'));

function stateFrom(value: unknown): { enrollment?: EnrollmentRecord; editToken?: string } {
  return typeof value === 'object' && value !== null ? (value as { enrollment?: EnrollmentRecord; editToken?: string }) : {};
}

export default function ReceiptPage() {
  useDocumentMeta('Receipt', 'Your Upskill payment receipt.', { noindex: true });
  const { id = '' } = useParams();
  const location = useLocation();
  const fromState = stateFrom(location.state);
  const draft = loadDraft();
  const editToken = fromState.editToken ?? (draft?.record.id === id ? draft.editToken : undefined);
  const credentials = useMemo(() => ({ editToken }), [editToken]);
  return (
    <section className="section">
      <div className="container receipt-page">
        {editToken ? (
          <ReceiptLoader id={id} credentials={credentials} />
        ) : (
          <Suspense fallback={<p role="status">Loading your receipt…</p>}>
            <AccountReceipt id={id} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
