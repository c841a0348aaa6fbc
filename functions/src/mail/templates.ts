import { paymentMethodName } from '@upskill/domain/api';
import { COMPANY } from '@upskill/domain/company';
import { GRIEVANCE_ANSWER_DAYS, PRIVACY_REQUEST_TOPIC } from '@upskill/domain/enums';
import { REFUND_POLICY } from '@upskill/domain/policies';
import { formatRupees } from '@upskill/domain/money';
import { HOLD_MINUTES } from '@upskill/domain/batches';
import { formatLongIndiaDate } from '@upskill/domain/batchTimes';
import { JOIN_OPENS_MINUTES_BEFORE } from '@upskill/domain/learning';
import { formatCertificateCode } from '@upskill/domain/certificates';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import { accountActionLink, guardianLink } from '@upskill/domain/links';
import { CONSENT_PURPOSES, GUARDIAN_LINK_DAYS } from '@upskill/domain/consents';
import type { MailMessage } from './outbox';

/** A rendered message: a plain-text body for every client, and simple, accessible HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Links in mail, built on the site's origin (a parameter: the public site, or the local one). */
export interface MailLinks {
  site: string;
  /** For newsletter mail: the one-click confirm and unsubscribe links. */
  newsletter?: { confirm: string; unsubscribe: string };
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const office = COMPANY.offices[0];
const address = `${COMPANY.legalName}, ${office.lines.join(', ')}`;

type Row = [label: string, value: string];

function layout(
  site: string,
  heading: string,
  paragraphs: string[],
  rows: Row[],
  action?: { label: string; href: string },
  footnote?: string,
): { text: string; html: string } {
  const support = `${site}/contact`;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(rows.length ? [''] : []),
    ...(action ? [`${action.label}: ${action.href}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    '--',
    address,
    `Questions? ${support} or ${COMPANY.email}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(heading)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<main style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-weight:bold;color:#2563eb">${escape(COMPANY.name)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${rows.length ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:16px 0">${rows.map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;border-bottom:1px solid #e2e8f0;font-weight:normal;color:#475569">${escape(label)}</th><td style="padding:6px 0;border-bottom:1px solid #e2e8f0">${escape(value)}</td></tr>`).join('')}</table>` : ''}
${action ? `<p><a href="${escape(action.href)}" style="display:inline-block;background:#2563eb;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(action.label)}</a></p>` : ''}
${footnote ? `<p style="font-size:13px;color:#475569">${escape(footnote)}</p>` : ''}
</main>
<footer style="max-width:560px;margin:16px auto 0;font-size:12px;color:#475569">
<p>${escape(address)}</p>
<p>Questions? <a href="${escape(support)}">Contact us</a> or write to <a href="mailto:${escape(COMPANY.email)}">${escape(COMPANY.email)}</a>.</p>
</footer></body></html>`;
  return { text, html };
}

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  }).format(new Date(iso));

export function renderMail(message: MailMessage, links: MailLinks): RenderedMail {
  const { site } = links;
  switch (message.template) {
    case 'enrollment-created': {
      const d = message.data;
      return {
        subject: `Your ${d.planName} enrollment: ${formatRupees(d.price)} to pay`,
        ...layout(
          site,
          `Thanks for enrolling, ${d.name}`,
          [
            `We have saved your enrollment and are holding your seat for ${HOLD_MINUTES} minutes. It is confirmed once you pay ${formatRupees(d.price)}; if you pay later, we hold a seat again when you do, while the batch still has one.`,
            `To pay, sign in at ${site}/mycourses with this e-mail address (register with it if you have not yet, and confirm it) and choose Pay now. Or return to the payment step in the browser you enrolled with.`,
          ],
          [
            ['Plan', d.planName],
            ['Course', d.course],
            ['Batch', d.batch],
            ['Price', formatRupees(d.price)],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'Pay now in My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'payment-received': {
      const d = message.data;
      return {
        subject: `Payment received: ${formatRupees(d.amount)} for ${d.planName}`,
        ...layout(
          site,
          'Payment receipt',
          [
            `Thank you, ${d.name}. We have received your payment and your seat in the batch below is confirmed. We will write with the joining link before the first session.`,
          ],
          [
            ['Amount paid', formatRupees(d.amount)],
            ['Plan', d.planName],
            ['Course', d.course],
            ['Batch', d.batch],
            ['Payment ID', d.paymentId],
            ['Payment method', paymentMethodName(d.method)],
            ['Paid on', dateTime(d.paidAt)],
            ['Enrollment ID', d.enrollmentId],
            ['Billed by', COMPANY.legalName],
            ...(d.invoiceNumber ? [['Tax invoice', d.invoiceNumber] as [string, string]] : []),
          ],
          {
            label: d.invoiceNumber ? 'View your receipt and GST invoice' : 'View your receipt',
            href: `${site}/receipt/${encodeURIComponent(d.enrollmentId)}`,
          },
          `${d.invoiceNumber ? `Your GST tax invoice ${d.invoiceNumber} (PDF) is on your receipt page and in My Courses (${site}/mycourses). ` : ''}Refund policy: ${REFUND_POLICY}`,
        ),
      };
    }
    case 'trial-started': {
      const d = message.data;
      return {
        subject: `Your free trial of ${d.planName} has started: nothing charged today`,
        ...layout(
          site,
          `${d.name}, your free trial has started`,
          [
            `Nothing has been charged. Your bank approved a small authorisation that Razorpay refunded at once, so that the first charge can be made when the trial ends.`,
            `${d.promise}. Cancel in My Courses before ${formatLongIndiaDate(d.trialEndsAt)} and you will never be charged.`,
          ],
          [
            ['Plan', d.planName],
            ['Course', d.course],
            ['Charged today', formatRupees(0)],
            ['First charge', `${formatRupees(d.amount)} on ${formatLongIndiaDate(d.trialEndsAt)}`],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'subscription-payment-failed': {
      const d = message.data;
      const pay = d.payUrl
        ? { label: 'Update your payment method', href: d.payUrl }
        : { label: 'Open My Courses', href: `${site}/mycourses` };
      return {
        subject: d.halted
          ? `Your ${d.planName} is paused: update your payment method`
          : `We could not charge ${formatRupees(d.amount)} for ${d.planName}: update your payment method`,
        ...layout(
          site,
          'Update your payment method',
          [
            d.halted
              ? `${d.name}, the charge of ${formatRupees(d.amount)} for ${d.planName} failed again, so your access is paused. Pay it with another card, UPI or bank account and your access resumes at once.`
              : `${d.name}, your bank declined the charge of ${formatRupees(d.amount)} for ${d.planName}. Razorpay will try again; to avoid an interruption, pay it now with another card, UPI or bank account.`,
          ],
          [
            ['Plan', d.planName],
            ['Amount due', formatRupees(d.amount)],
            ['Enrollment ID', d.enrollmentId],
          ],
          pay,
          'You can also cancel the membership in My Courses: nothing more is charged after a cancellation.',
        ),
      };
    }
    case 'subscription-cancelled': {
      const d = message.data;
      const until = d.accessUntil ? formatLongIndiaDate(d.accessUntil) : null;
      return {
        subject: `${d.planName} cancelled${until ? `: access until ${until}` : ''}`,
        ...layout(
          site,
          `${d.name}, your ${d.planName} is cancelled`,
          [
            d.inTrial
              ? `You cancelled during the free trial, so you will never be charged.${until ? ` You keep access until ${until}, the trial's last day.` : ''}`
              : `Nothing more will be charged. As our Terms say, there is no refund for the current period${until ? `, and you keep access until ${until}` : ''}.`,
          ],
          [['Plan', d.planName], ...(until ? [['Access until', until] as [string, string]] : []), ['Enrollment ID', d.enrollmentId]],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'credit-spent': {
      const d = message.data;
      const left =
        d.left === null
          ? 'Your membership covers every course while it is active.'
          : d.left === 0
            ? 'You have no course credits left.'
            : `You have ${d.left} course credit${d.left === 1 ? '' : 's'} left.`;
      return {
        subject: `Your seat in ${d.offering} is confirmed`,
        ...layout(
          site,
          `${d.name}, your seat is confirmed`,
          [
            `You used your ${d.planName} to join ${d.offering}, ${d.batch}. Nothing more to pay. ${left}`,
            'Your timetable, the joining link and recordings are in My Courses; we remind you before each class.',
          ],
          [
            ['Course', d.offering],
            ['Batch', d.batch],
            ['Covered by', d.planName],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'credit-note-issued': {
      const d = message.data;
      return {
        subject: `Refund of ${formatRupees(d.amount)}: credit note ${d.number}`,
        ...layout(
          site,
          `${d.name}, your refund is on its way`,
          [
            `We have refunded ${formatRupees(d.amount)} for ${d.planName} (${d.course}). Razorpay returns it to the card, UPI or bank account you paid from, usually within 5 to 7 working days.`,
            `For your records we have issued GST credit note ${d.number}${d.invoiceNumber ? `, against tax invoice ${d.invoiceNumber}` : ''}. Its PDF is on your receipt page and in My Courses.`,
          ],
          [
            ['Refund', formatRupees(d.amount)],
            ['Credit note', d.number],
            ...(d.invoiceNumber ? [['Against invoice', d.invoiceNumber] as [string, string]] : []),
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'View your receipt', href: `${site}/receipt/${encodeURIComponent(d.enrollmentId)}` },
        ),
      };
    }
    case 'contact-ack': {
      const d = message.data;
      return {
        subject: 'We have your message',
        ...layout(
          site,
          `Thanks for writing, ${d.fullName}`,
          [
            d.courseInterest === PRIVACY_REQUEST_TOPIC
              ? `We have received your privacy request. Our grievance officer, ${COMPANY.grievanceOfficer.name}, answers it within ${GRIEVANCE_ANSWER_DAYS} days, and usually much sooner. Here is what you sent:`
              : 'We have received your message and we reply within 24 hours (Monday to Saturday). Here is what you sent:',
            d.message,
          ],
          [],
        ),
      };
    }
    case 'contact-staff': {
      const d = message.data;
      return {
        subject: `Contact form: ${d.fullName}${d.courseInterest ? ` (${d.courseInterest})` : ''}`,
        ...layout(
          site,
          'New message from the contact form',
          [d.message],
          [
            ['Name', d.fullName],
            ['E-mail', d.email],
            ['Mobile', d.mobile],
            ['Course interest', d.courseInterest || '—'],
            ['Message ID', d.contactId],
          ],
          undefined,
          'Reply to the sender directly: this message is sent from the website.',
        ),
      };
    }
    case 'newsletter-confirm': {
      if (!links.newsletter) throw new Error('newsletter mail without its links');
      return {
        subject: `Confirm your ${COMPANY.name} newsletter subscription`,
        ...layout(
          site,
          'Please confirm your subscription',
          [
            `Someone (we hope you) asked to receive the ${COMPANY.name} newsletter at this address: new courses, batch dates and offers, about twice a month.`,
            'If that was not you, ignore this mail and you will hear nothing more from us.',
          ],
          [],
          { label: 'Confirm subscription', href: links.newsletter.confirm },
          `Unsubscribe at any time with one click: ${links.newsletter.unsubscribe}`,
        ),
      };
    }
    case 'password-reset':
      return {
        subject: `Reset your ${COMPANY.name} password`,
        ...layout(
          site,
          'Choose a new password',
          [
            `Someone (we hope you) asked to reset the password of the ${COMPANY.name} account for this address. The link below works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
            'If that was not you, ignore this mail: your password stays as it is.',
          ],
          [],
          { label: 'Choose a new password', href: accountActionLink(site, message.data.ticket) },
        ),
      };
    case 'email-verification':
      return {
        subject: `Confirm your e-mail address for ${COMPANY.name}`,
        ...layout(
          site,
          'Please confirm your e-mail address',
          [
            `Confirming this address lets us show you, in My Courses, every enrollment made with it, and keeps your receipts and class reminders coming to the right place. The link works for ${ACCOUNT_LINK_MINUTES} minutes.`,
            `If you did not create a ${COMPANY.name} account, ignore this mail.`,
          ],
          [],
          { label: 'Confirm my e-mail address', href: accountActionLink(site, message.data.ticket) },
        ),
      };
    case 'email-change':
      return {
        subject: `Confirm your new e-mail address for ${COMPANY.name}`,
        ...layout(
          site,
          'Confirm your new e-mail address',
          [
            `You asked to change the e-mail address of your ${COMPANY.name} account to ${message.data.newEmail}. Open the link below to confirm it: your account uses the new address from then on, and you sign in with it. The link works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
            'If you did not ask for this, ignore this mail: nothing changes.',
          ],
          [],
          { label: 'Confirm my new address', href: accountActionLink(site, message.data.ticket) },
        ),
      };
    case 'email-change-notice':
      return {
        subject: `Your ${COMPANY.name} e-mail address is about to change`,
        ...layout(
          site,
          'Someone asked to change your e-mail address',
          [
            `Someone signed in to your ${COMPANY.name} account and asked to change its e-mail address to ${message.data.newEmail}. The change happens only when the link we sent to that address is opened.`,
            `If this was you, there is nothing to do here. If it was not, choose a new password now at ${site}/account/reset and write to us: we will put your address back.`,
          ],
          [],
          { label: 'Choose a new password', href: `${site}/account/reset` },
        ),
      };
    case 'account-deleted': {
      const d = message.data;
      return {
        subject: `Your ${COMPANY.name} account is deleted`,
        ...layout(
          site,
          'Your account is deleted',
          [
            `As you asked, we have deleted your ${COMPANY.name} account. You can no longer sign in with it, and we have erased your messages, the mails we sent you, your newsletter subscription, your certificates and any enrollment you had not paid for.`,
            d.kept > 0
              ? `Tax law requires us to keep the record of ${d.kept === 1 ? 'one paid enrollment' : `${d.kept} paid enrollments`} and ${d.kept === 1 ? 'its' : 'their'} tax invoices for as long as the law requires: eight financial years after the year you paid in (the company's books of account; this also covers what GST law asks). We have removed your name, phone number and address from ${d.kept === 1 ? 'that record' : 'those records'}; the invoices stay as they were issued.`
              : 'You had no paid enrollments, so we keep nothing else about you.',
            'This is the last mail we will send to this address. If you did not ask for this, write to us at once.',
          ],
          [],
        ),
      };
    }
    case 'guardian-consent': {
      const d = message.data;
      return {
        subject: `${d.learnerName} asks for your consent to enroll with ${COMPANY.name}`,
        ...layout(
          site,
          'Your consent is needed',
          [
            `Dear ${d.guardianName},`,
            `${d.learnerName} has told us they are under 18 and named you as their parent or guardian. Before they can pay for ${d.offerName} (${formatRupees(d.price)}), the law asks us for your consent.`,
            CONSENT_PURPOSES.guardian,
            `The link below shows what you are agreeing to, and lets you give or refuse consent. It works once, for ${GUARDIAN_LINK_DAYS} days (until ${dateTime(d.expiresAt)}). If you do not know ${d.learnerName}, ignore this mail: nothing happens without you.`,
          ],
          [
            ['Learner', d.learnerName],
            ['Enrollment', d.offerName],
            ['Price', formatRupees(d.price)],
          ],
          { label: 'Review and decide', href: guardianLink(site, d.enrollmentId, d.token) },
        ),
      };
    }
    case 'guardian-consent-given': {
      const d = message.data;
      return {
        subject: `You gave consent for ${d.learnerName}'s enrollment`,
        ...layout(
          site,
          'Thank you: your consent is recorded',
          [
            `Dear ${d.guardianName}, you gave consent for ${d.learnerName} to enroll in ${d.offerName}. They can now pay and join their batch.`,
            'You can withdraw your consent at any time with the link below, as easily as you gave it. Withdrawing stops any payment that has not been made yet; for a course already paid for, our team contacts you about ending it under our refund policy.',
          ],
          [],
          { label: 'Withdraw consent', href: guardianLink(site, d.enrollmentId, d.token) },
        ),
      };
    }
    case 'guardian-answered': {
      const d = message.data;
      const words = {
        given: [
          `${d.guardianName} gave consent for your enrollment in ${d.offerName}. You can now pay from My Courses or the payment page.`,
        ],
        refused: [
          `${d.guardianName} did not give consent for your enrollment in ${d.offerName}, so it cannot be paid. Talk to them, and start a new enrollment if they change their mind.`,
        ],
        withdrawn: [
          `${d.guardianName} has withdrawn their consent for your enrollment in ${d.offerName}. Payment is closed; if you have paid, our team will contact you both.`,
        ],
      }[d.state];
      return {
        subject:
          d.state === 'given'
            ? 'Your parent or guardian gave consent: you can pay now'
            : `Your parent or guardian's answer about ${d.offerName}`,
        ...layout(
          site,
          d.state === 'given' ? 'Consent given' : 'About your enrollment',
          [`Hi ${d.name},`, ...words],
          [['Enrollment ID', d.enrollmentId]],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'seat-lost': {
      const d = message.data;
      return {
        subject: `Your payment arrived after your seat was released: choose what happens next`,
        ...layout(
          site,
          `${d.name}, we have your payment, and we owe you a seat`,
          [
            `Your payment for ${d.offering} reached us after the ${HOLD_MINUTES}-minute hold on your seat had ended, and the batch filled up in the meantime. Your money is safe and you will not be left without a place.`,
            d.nextBatch
              ? `Choose one: move to the next batch (${d.nextBatch}) at no extra cost, or a full refund to the way you paid. Reply to this e-mail with "move" or "refund" and our team will do it within one working day.`
              : 'There is no later batch open yet. Reply to this e-mail with "refund" for a full refund to the way you paid, or "wait" and we will move you to the next batch as soon as it opens.',
          ],
          [
            ['Course', d.offering],
            ['Batch you chose', d.batch],
            ['Enrollment ID', d.enrollmentId],
          ],
        ),
      };
    }
    case 'waitlist-offer': {
      const d = message.data;
      return {
        subject: `A seat is free in ${d.offering}: it is yours until ${dateTime(d.until)}`,
        ...layout(
          site,
          `Good news, ${d.name}: a seat is free`,
          [
            `A seat has opened in the batch you are waiting for, and we are holding it for you until ${dateTime(d.until)}.`,
            'Follow the link to enroll and pay. It works once, and only for you; after that time the seat goes to the next person in line.',
          ],
          [
            ['Course', d.offering],
            ['Batch', d.batch],
          ],
          { label: 'Take my seat', href: `${site}${d.link}` },
        ),
      };
    }
    case 'batch-moved': {
      const d = message.data;
      return {
        subject: `You have moved to another ${d.offering} batch`,
        ...layout(
          site,
          `${d.name}, your batch has changed`,
          [
            `Our team has moved your enrollment in ${d.offering} to another batch. Your seat there is confirmed on the same terms; nothing else changes.`,
          ],
          [
            ['From', d.from],
            ['To', d.to],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'See My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'batch-starting': {
      const d = message.data;
      return {
        subject: `${d.offering} starts tomorrow: ${dateTime(d.startsAt)}`,
        ...layout(
          site,
          `${d.name}, your batch starts tomorrow`,
          [
            `Your first live class of ${d.offering} is on ${dateTime(d.startsAt)}${d.topic ? `: ${d.topic}` : ''}.`,
            `Join it from My Courses: the Join live class button opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start. The full timetable is there too, with a calendar file and a calendar link that follows any change.`,
          ],
          [
            ['Course', d.offering],
            ['Batch', d.batch],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'session-reminder': {
      const d = message.data;
      return {
        subject: `Live class at ${time(d.startsAt)} IST: ${d.topic}`,
        ...layout(
          site,
          `${d.name}, your live class starts soon`,
          [
            `${d.offering}: ${d.topic}, ${dateTime(d.startsAt)} to ${time(d.endsAt)} IST.`,
            `The Join live class button on My Courses opens ${JOIN_OPENS_MINUTES_BEFORE} minutes before the start.`,
          ],
          [
            ['Course', d.offering],
            ['Topic', d.topic],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'Open My Courses', href: `${site}/mycourses` },
        ),
      };
    }
    case 'certificate-issued': {
      const d = message.data;
      const url = `${site}/certificates/${d.code}`;
      return {
        subject: `Your certificate: ${d.course}`,
        ...layout(
          site,
          `Congratulations, ${d.name}`,
          [
            `You have completed ${d.course}, and your certificate of completion is ready. Anyone you give the link to can check it is genuine: its page shows your name, the course, the batch dates and its status.`,
            'On My Courses you can download it as a PDF, add it to your LinkedIn profile, and choose whether search engines may list its page (they may not, until you say so).',
          ],
          [
            ['Course', d.course],
            ['Certificate ID', formatCertificateCode(d.code)],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'View your certificate', href: url },
        ),
      };
    }
    case 'session-changed': {
      const d = message.data;
      const moved = d.change === 'rescheduled' && d.startsAt && d.endsAt;
      return {
        subject: moved
          ? `Class moved: ${d.topic} is now ${dateTime(d.startsAt ?? '')}`
          : `Class cancelled: ${d.topic} on ${dateTime(d.was)}`,
        ...layout(
          site,
          moved ? `${d.name}, a class has moved` : `${d.name}, a class is cancelled`,
          [
            moved
              ? `${d.offering}: the class on ${d.topic}, planned for ${dateTime(d.was)}, is now on ${dateTime(d.startsAt ?? '')} to ${time(d.endsAt ?? '')} IST.`
              : `${d.offering}: the class on ${d.topic}, planned for ${dateTime(d.was)}, will not take place.`,
            `The reason: ${d.reason}`,
            'My Courses shows the timetable as it stands, and a calendar you subscribed to from there follows the change by itself.',
          ],
          [
            ['Course', d.offering],
            ['Topic', d.topic],
            ['Enrollment ID', d.enrollmentId],
          ],
          { label: 'See the timetable', href: `${site}/mycourses` },
        ),
      };
    }
  }
}
