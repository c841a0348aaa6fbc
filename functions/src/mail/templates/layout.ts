import { COMPANY } from '@upskill/domain/common';
import type { PurchaseLine } from '@upskill/domain/enrollment';

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

export const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const office = COMPANY.offices[0];
const address = `${COMPANY.legalName}, ${office.lines.join(', ')}`;

type Row = [label: string, value: string];

export function layout(
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

/** What was bought, as the mail's table rows ("Plan", "Includes", "Interested in"; or "Course"). */
export const purchaseRows = (lines: readonly PurchaseLine[]): [string, string][] => lines.map((line) => [line.label, line.value]);

export const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
    timeZoneName: 'short',
  }).format(new Date(iso));
