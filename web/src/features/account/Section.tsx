import { type ReactNode } from 'react';

/** What a section's last action came to: shown, and read out when it changes. */
export type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** A section's result, read out when it changes. */
export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  return (
    <p className={outcome ? `status status--${outcome.kind === 'ok' ? 'success' : 'error'}` : 'visually-hidden'} role="status">
      {outcome?.text ?? ''}
    </p>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card account__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
