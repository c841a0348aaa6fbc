import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths, receiptPath } from '../../config/paths';
import { useAuthUser } from '../auth';
import { ReceiptLoader } from './Receipt';

/** The receipt for a signed-in owner (from My Courses, another device, a later visit). */
export default function AccountReceipt({ id }: { id: string }) {
  const auth = useAuthUser();
  const user = auth.status === 'ready' ? auth.user : null;
  const credentials = useMemo(() => (user ? { getIdToken: () => user.getIdToken() } : {}), [user]);
  if (auth.status !== 'ready') return <p role="status">Loading your receipt…</p>;
  if (!user) {
    return (
      <div className="state">
        <p>Sign in with the account you enrolled with to see this receipt.</p>
        <Link className="btn btn--primary" to={paths.login} state={{ from: receiptPath(id) }}>
          Sign in
        </Link>
      </div>
    );
  }
  return <ReceiptLoader id={id} credentials={credentials} />;
}
