import type { ReactNode } from 'react';
import { COMPANY } from '@upskill/domain/common';

export function LegalLayout({ title, updated, intro, children }: { title: string; updated: string; intro: string; children: ReactNode }) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{title}</h1>
          <p>{intro}</p>
          <p className="muted">Last updated {updated}</p>
        </div>
      </section>
      <section className="section">
        <div className="container prose">
          {children}
          <h2>Contact</h2>
          <p>
            Questions about this document? Write to <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> or to our offices in Bengaluru
            and New York listed on the contact page.
          </p>
        </div>
      </section>
    </>
  );
}
