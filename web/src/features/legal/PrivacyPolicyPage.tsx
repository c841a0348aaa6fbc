import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { LegalLayout } from './LegalLayout';

export default function PrivacyPolicyPage() {
  useDocumentMeta('Privacy Policy', 'How Upskill collects, uses and protects your personal information.');
  return (
    <LegalLayout title="Privacy Policy" updated="1 November 2026" intro="Your privacy matters to us. This policy explains what we collect, why, and the choices you have.">
      <h2>Information we collect</h2>
      <ul>
        <li>Details you give us when you enroll: name, college name, e-mail, phone number, course interest and preferred batch.</li>
        <li>Messages you send through the contact form.</li>
        <li>Your e-mail address if you sign up for our newsletter, and whether you confirmed it.</li>
        <li>Payment details from our payment partner Razorpay: the payment id, method (card, UPI, net banking), amount and time. Your card or bank details go to Razorpay only; we never see or store them.</li>
        <li>Account details when you register: your e-mail, and your name and photo if you sign in with Google.</li>
        <li>Basic technical data needed to run the site securely, such as IP address for abuse prevention.</li>
      </ul>
      <h2>How we use it</h2>
      <p>We use your information to process enrollments, run your classes, reply to your messages, show you your purchases and keep the service secure. We do not sell your personal information.</p>
      <h2>E-mails we send</h2>
      <p>We e-mail you only when it concerns something you did: a confirmation when you enroll (what you chose, the price and how to pay), a receipt when you pay, an acknowledgement when you write to us (your message also goes to our admissions team, who reply), and, only if you ask for it and confirm the link we send, our newsletter. Every newsletter carries a one-click unsubscribe link. We send through our mail provider and never share your address for anyone else's marketing.</p>
      <h2>Children</h2>
      <p>Our services are not directed at children under 13, and we do not knowingly collect personal information from them. If you believe a child under 13 has given us information, contact us and we will delete it.</p>
      <h2>Storage and security</h2>
      <p>Data is stored with Google Cloud (Firebase) and protected by access controls: only our servers can read enrollment records, and you can see only your own.</p>
      <h2>Your rights</h2>
      <p>You may ask to see, correct or delete your personal information at any time. Learners in India have rights under the Digital Personal Data Protection Act, 2023; learners in the USA may have rights under their state's laws.</p>
      <h2>Cookies</h2>
      <p>We use only the storage needed for sign-in and to remember an enrollment in progress. See our cookie policy for details.</p>
    </LegalLayout>
  );
}
