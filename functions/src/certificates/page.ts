import { COMPANY } from '@upskill/domain/common';
import { formatIndiaDate, formatLongIndiaDate } from '@upskill/domain/batches';
import { formatCertificateCode, type CertificateAnswer } from '@upskill/domain/certificates';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// The site's colours and type (DESIGN.md), inline: this page is rendered by a function and carries no script at all.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:400 1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#1d4ed8}header,footer{background:#fff;border-bottom:1px solid #e2e8f0}footer{border-top:1px solid #e2e8f0;border-bottom:0;margin-top:48px}
.wrap{max-width:760px;margin:0 auto;padding:16px 20px}.brand{font-weight:700;font-size:1.25rem;color:#2563eb;text-decoration:none}
main .wrap{padding-top:32px}h1{font-size:1.75rem;line-height:1.25;margin:0 0 8px}.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;margin-top:20px}
.status{display:inline-block;font-weight:700;border-radius:999px;padding:4px 14px;margin:8px 0 0}.valid{background:#dcfce7;color:#14532d}.revoked{background:#fee2e2;color:#7f1d1d}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:8px 20px;margin:0}dt{color:#475569}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:20px}.btn{display:inline-block;padding:10px 18px;border-radius:8px;font-weight:700;text-decoration:none;border:2px solid #2563eb}
.btn--primary{background:#2563eb;color:#fff}.btn--secondary{background:#fff;color:#1d4ed8}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end}label{display:block;font-weight:600;margin-bottom:4px}input{font:inherit;padding:8px 10px;border:1px solid #64748b;border-radius:8px;min-width:14rem}
button{font:inherit;font-weight:700;padding:9px 16px;border-radius:8px;border:2px solid #2563eb;background:#fff;color:#1d4ed8;cursor:pointer}
.muted{color:#475569}@media (max-width:480px){dl{grid-template-columns:1fr}dt{margin-top:8px}}
`;

function verifyForm(): string {
  return `<section class="card" aria-labelledby="verify-heading"><h2 id="verify-heading" style="font-size:1.125rem;margin:0 0 12px">Check another certificate</h2>
<form method="get" action="/certificates/verify"><div><label for="code">Certificate ID</label><input id="code" name="code" autocomplete="off" inputmode="text" placeholder="e.g. 7K3M-9QXR-2HDV" required maxlength="20"></div><button type="submit">Check</button></form></section>`;
}

function layout(title: string, body: string, indexable: boolean, site: string, canonical: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><meta name="robots" content="${indexable ? 'index,follow' : 'noindex,nofollow'}">
${canonical ? `<link rel="canonical" href="${escape(canonical)}">` : ''}<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><header><div class="wrap"><a class="brand" href="${escape(site)}/">${escape(COMPANY.name)}</a></div></header>
<main id="main"><div class="wrap">${body}${verifyForm()}</div></main>
<footer><div class="wrap muted">Certificates are issued by ${escape(COMPANY.legalName)}. Questions: <a href="mailto:${escape(COMPANY.email)}">${escape(COMPANY.email)}</a></div></footer></body></html>`;
}

/** The projects passed, each with its rubric result, and its link where the learner shows links. */
function projectsList(cert: CertificateAnswer): string {
  if (cert.projects.length === 0) return '';
  const items = cert.projects
    .map(
      (p) =>
        `<li><strong>${escape(p.title)}</strong>: passed, ${p.points} of ${p.outOf} points${
          p.link ? ` · <a href="${escape(p.link)}" rel="nofollow noopener">${escape(p.link)}</a>` : ''
        }</li>`,
    )
    .join('');
  return `<h3 style="font-size:1rem;margin:20px 0 8px">Projects passed</h3><ul data-testid="certificate-projects" style="margin:0;padding-left:20px;overflow-wrap:anywhere">${items}</ul>`;
}

/** The public verification page of a certificate: valid or revoked (with its date), noindex unless its owner made it public. */
export function certificatePage(cert: CertificateAnswer, site: string): string {
  const revoked = cert.status === 'revoked';
  const body = `<h1>Certificate of completion</h1>
<p class="status ${revoked ? 'revoked' : 'valid'}" data-testid="certificate-status">${revoked ? `Revoked on ${escape(formatLongIndiaDate(cert.revokedAt ?? cert.issuedAt))}` : 'Valid'}</p>
<p class="muted">${
    revoked
      ? `${escape(COMPANY.name)} has revoked this certificate. It no longer certifies the completion below.`
      : `${escape(COMPANY.name)} confirms that this certificate is genuine and was issued to the person named below.`
  }</p>
<section class="card" aria-labelledby="details-heading"><h2 id="details-heading" style="font-size:1.125rem;margin:0 0 12px">Details</h2><dl>
<dt>Name</dt><dd data-testid="certificate-name">${escape(cert.name)}</dd>
<dt>Course</dt><dd>${escape(cert.course)}</dd>
<dt>Batch</dt><dd>${escape(formatIndiaDate(cert.startDate))} to ${escape(formatIndiaDate(cert.endDate))}</dd>
<dt>Instructor</dt><dd>${escape(cert.instructor)}</dd>
<dt>Issued</dt><dd>${escape(formatLongIndiaDate(cert.issuedAt))}</dd>
<dt>Certificate ID</dt><dd>${escape(formatCertificateCode(cert.code))}</dd>
</dl>${projectsList(cert)}<div class="actions"><a class="btn btn--primary" href="${escape(cert.pdfUrl)}">Download PDF</a>${
    revoked ? '' : `<a class="btn btn--secondary" href="${escape(cert.badgeUrl)}" download>Download Open Badge</a>`
  }</div></section>`;
  return layout(`${cert.name}: ${cert.course} certificate · ${COMPANY.name}`, body, cert.public && !revoked, site, cert.url);
}

/** The one answer for any code that names no certificate (malformed or unknown alike). */
export function notFoundPage(site: string): string {
  return layout(
    `Certificate not found · ${COMPANY.name}`,
    `<h1>No certificate with this ID</h1>
<p>Check the ID on the certificate (twelve letters and digits, like 7K3M-9QXR-2HDV) and try again. If it still cannot be found, the certificate was not issued by ${escape(COMPANY.name)}.</p>`,
    false,
    site,
    null,
  );
}
