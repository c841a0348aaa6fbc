import { useId, useState } from 'react';
import type { User } from 'firebase/auth';
import type { CalendarFeedAnswer } from '@upskill/domain/enrollment';
import { failureMessage } from '../../lib/api';
import { createCalendarFeed, revokeCalendarFeed } from './api';

type State =
  | { phase: 'idle' | 'working' | 'revoked' }
  | { phase: 'ready'; feed: CalendarFeedAnswer; copied: boolean }
  | { phase: 'error'; message: string };

/**
 * The learner's private calendar link: every class of every batch, kept up to date (reschedules and
 * cancellations follow). Shown once when made; making a new one or stopping it turns the old one off.
 */
export function CalendarLink({ user }: { user: User }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const inputId = useId();
  const act = async (work: (token: string) => Promise<State>) => {
    setState({ phase: 'working' });
    try {
      setState(await work(await user.getIdToken()));
    } catch (err) {
      setState({
        phase: 'error',
        message: failureMessage(err, 'We could not reach the server. Please try again.'),
      });
    }
  };
  const make = () => act(async (token) => ({ phase: 'ready', feed: await createCalendarFeed(token), copied: false }));
  const stop = () =>
    act(async (token) => {
      await revokeCalendarFeed(token);
      return { phase: 'revoked' };
    });
  const copy = async (feed: CalendarFeedAnswer) => {
    await navigator.clipboard?.writeText(feed.url).catch(() => undefined);
    setState({ phase: 'ready', feed, copied: true });
  };
  return (
    <section className="card calendar-link" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>Your classes in your calendar</h2>
      <p className="muted">
        A private link for Google Calendar, Apple Calendar or Outlook that keeps every class up to date, including reschedules and
        cancellations. Anyone with the link can see your timetable, so keep it to yourself; you can turn it off here at any time.
      </p>
      {state.phase === 'ready' ? (
        <div className="calendar-link__ready">
          <label htmlFor={inputId}>Your calendar link</label>
          <input
            id={inputId}
            type="text"
            readOnly
            value={state.feed.url}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="calendar-feed-url"
          />
          <div className="calendar-link__actions">
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy(state.feed)}>
              Copy link
            </button>
            <a className="btn btn--secondary btn--sm" href={state.feed.webcalUrl}>
              Open in calendar app
            </a>
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => void stop()}>
              Turn this link off
            </button>
          </div>
          <p role="status" className="muted">
            {state.copied ? 'Copied.' : 'Shown only now: making a new link turns this one off.'}
          </p>
        </div>
      ) : (
        <div className="calendar-link__actions">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void make()}
            disabled={state.phase === 'working'}
            aria-busy={state.phase === 'working'}
          >
            Get my calendar link
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void stop()} disabled={state.phase === 'working'}>
            Turn off my existing link
          </button>
        </div>
      )}
      {state.phase === 'revoked' && (
        <p role="status" className="status status--info">
          Your calendar link is off. Calendars that used it stop updating.
        </p>
      )}
      {state.phase === 'error' && (
        <p role="alert" className="status status--error">
          {state.message}
        </p>
      )}
    </section>
  );
}
