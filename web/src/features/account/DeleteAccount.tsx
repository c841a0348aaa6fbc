import type { User } from 'firebase/auth';
import { FormField } from '../../components/FormField';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DELETE_CONFIRMATION } from '@upskill/domain/account';
import { signOutAndForget } from '../auth';
import { deleteAccount } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';
import { ConfirmIdentity } from './ConfirmIdentity';

export function DeleteAccount({ user }: { user: User }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const email = user.email;
      await deleteAccount(user);
      await signOutAndForget();
      navigate(paths.login, {
        replace: true,
        state: { notice: `Your account is deleted. A confirmation is on its way to ${email ?? 'your address'}.` },
      });
    } catch (err) {
      if (err instanceof ApiError && err.fields.reauthenticate) setConfirming(true);
      else
        setOutcome({
          kind: 'error',
          text:
            err instanceof ApiError && err.status !== 0
              ? err.message
              : 'We could not delete your account. Check your connection and try again.',
        });
      setBusy(false);
    }
  };
  return (
    <Section id="account-delete" title="Delete your account">
      <p>
        Deleting your account signs you out everywhere and erases your messages, the mails we sent you, your newsletter subscription, your
        certificates and any enrollment you have not paid for. Paid enrollments and their tax invoices are kept, without your name, phone or
        address, for as long as tax and company law require (eight financial years). This cannot be undone.
      </p>
      {confirming ? (
        <ConfirmIdentity
          user={user}
          onCancel={() => setConfirming(false)}
          onConfirmed={() => {
            setConfirming(false);
            void remove();
          }}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (typed === DELETE_CONFIRMATION) void remove();
          }}
        >
          <FormField
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            error={typed !== '' && typed !== DELETE_CONFIRMATION ? `Type ${DELETE_CONFIRMATION} in capitals` : undefined}
          >
            <input className="input" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
          </FormField>
          <button type="submit" className="btn btn--danger" disabled={busy || typed !== DELETE_CONFIRMATION}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </button>
        </form>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}
