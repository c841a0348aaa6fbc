import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { LegalLayout } from './LegalLayout';

export default function CookiesPage() {
  useDocumentMeta('Cookie Policy', 'The small amount of browser storage Upskill uses, and why.');
  return (
    <LegalLayout
      title="Cookie Policy"
      updated="1 November 2026"
      intro="We keep browser storage to the minimum the site needs to work. No advertising or tracking cookies."
    >
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Sign-in session</strong> (IndexedDB, set by Firebase Authentication): keeps you signed in between visits. Removed when you
          log out.
        </li>
        <li>
          <strong>Enrollment in progress</strong> (session storage): remembers the enrollment you are completing so a page reload does not
          lose it. Cleared when you close the tab.
        </li>
      </ul>
      <h2>What we do not use</h2>
      <p>We do not use advertising cookies, third-party trackers or cross-site analytics.</p>
      <h2>Your choices</h2>
      <p>
        You can clear site data in your browser settings at any time. If you block storage entirely, you will not be able to stay signed in.
      </p>
    </LegalLayout>
  );
}
