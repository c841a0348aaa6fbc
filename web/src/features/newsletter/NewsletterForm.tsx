import type { FormEvent } from 'react';

/**
 * The footer's sign-up, on every page. It holds no React state: the first submit loads ./signup, which
 * sends the form and writes the outcome into the status line. That keeps its cost to the markup on
 * pages whose script budget is nearly spent. Double opt-in: the answer never says whether the address
 * was already on the list, only to check the inbox.
 */
function subscribe(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = event.currentTarget;
  void import('./signup').then((m) => m.submitNewsletterForm(form));
}

export function NewsletterForm() {
  return (
    <form className="newsletter" onSubmit={subscribe} aria-label="Newsletter">
      <label htmlFor="newsletter-email" className="visually-hidden">
        Your e-mail address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        placeholder="Your e-mail address"
        autoComplete="email"
        aria-describedby="newsletter-status"
      />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="newsletter-website">Website</label>
        <input id="newsletter-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--primary">
        Subscribe
      </button>
      <p id="newsletter-status" className="newsletter-status" role="status" />
      <p className="newsletter-note">We mail only to confirm and to send it. One-click unsubscribe.</p>
    </form>
  );
}
