import type { NewsletterAnswer } from '@upskill/domain/enrollment';
import { apiRequest, failureMessage } from '../../lib/api';

/**
 * Sends the footer's form and shows the outcome in its status line (see NewsletterForm: the form has
 * no React state, so this module owns those few DOM updates). Loaded on the first submit only.
 */
export async function submitNewsletterForm(form: HTMLFormElement): Promise<void> {
  const status = form.querySelector<HTMLElement>('#newsletter-status');
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const show = (text: string, error: boolean) => {
    if (!status) return;
    status.textContent = text;
    status.className = error ? 'newsletter-status newsletter-status--error' : 'newsletter-status';
    status.setAttribute('role', error ? 'alert' : 'status');
    if (error) input?.setAttribute('aria-invalid', 'true');
    else input?.removeAttribute('aria-invalid');
  };
  const data = new FormData(form);
  const website = String(data.get('website') ?? '');
  if (button) button.disabled = true;
  try {
    await apiRequest<NewsletterAnswer>('/api/newsletter', {
      method: 'POST',
      body: { email: String(data.get('email') ?? '').trim(), ...(website ? { website } : {}) },
      // Safe to send again after a busy answer or a timeout: the server mails a pending address at most once in ten
      // minutes, so a repeat only confirms. A loaded server once took over the 15 s a request waits.
      retries: 1,
    });
    form.reset();
    show('Check your inbox to confirm your subscription.', false);
  } catch (err) {
    show(failureMessage(err, 'We could not reach our server. Please try again.'), true);
  } finally {
    if (button) button.disabled = false;
  }
}
