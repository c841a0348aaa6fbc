import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { Link } from 'react-router-dom';
import { useAuthUser } from '../auth';
import { AccountConsents } from '../consents';
import { Profile } from './Profile';
import { EmailAddress } from './EmailAddress';
import { Password } from './Password';
import { YourData } from './YourData';
import { Sessions } from './Sessions';
import { DeleteAccount } from './DeleteAccount';

/** /account: the signed-in learner's own account (app shell, noindex). */
export default function AccountPage() {
  useDocumentMeta('Your account', 'Your Upskill account: profile, password, consents and your data.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container account">
        <h1>Your account</h1>
        {auth.status === 'loading' && (
          <p className="muted" role="status">
            Loading your account...
          </p>
        )}
        {auth.status === 'ready' && !auth.user && (
          <div className="state">
            <p>Please sign in to manage your account.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.account }}>
              Sign in
            </Link>
          </div>
        )}
        {auth.status === 'ready' && auth.user && (
          <>
            <Profile user={auth.user} />
            <EmailAddress user={auth.user} />
            <Password user={auth.user} />
            <YourData user={auth.user} />
            <AccountConsents user={auth.user} />
            <Sessions user={auth.user} />
            <DeleteAccount user={auth.user} />
          </>
        )}
      </div>
    </section>
  );
}
