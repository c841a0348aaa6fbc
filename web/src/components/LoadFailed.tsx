import { useEffect, useRef } from 'react';

/** When the visitor last pressed Try again (the answer to it arrives in a new LoadFailed, or the page's content). */
let lastRetryAt = Number.NEGATIVE_INFINITY;
/** An error state shown this soon after Try again is that press's answer; later ones are new failures. */
const RETRY_ANSWER_MS = 60_000;

/**
 * A page's data that could not be loaded: what went wrong, and a way to ask again. The request already retried a
 * busy server on its own; after that, the visitor decides when to try once more, without reloading the page (and
 * losing what else it shows). The alert is the message alone, so it is announced (and read) as the words it is.
 *
 * Try again unmounts this while the page loads. If the new try fails too, its Try again takes the focus back, so
 * a keyboard or screen reader user is where they were, not at the top of the page.
 */
export function LoadFailed({ message, onRetry, now = Date.now }: { message: string; onRetry: () => void; now?: () => number }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (now() - lastRetryAt > RETRY_ANSWER_MS) return;
    lastRetryAt = Number.NEGATIVE_INFINITY;
    // Only when nothing else has the focus: the visitor may have moved on while it loaded.
    if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
  }, [now]);
  return (
    <div className="status status--error load-failed">
      <p role="alert">{message}</p>
      <button
        ref={button}
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          lastRetryAt = now();
          onRetry();
        }}
      >
        Try again
      </button>
    </div>
  );
}
