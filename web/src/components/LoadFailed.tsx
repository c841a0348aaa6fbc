/**
 * A page's data that could not be loaded: what went wrong, and a way to ask again. The request already retried a
 * busy server on its own; after that, the visitor decides when to try once more, without reloading the page (and
 * losing what else it shows). The alert is the message alone, so it is announced (and read) as the words it is.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="status status--error load-failed">
      <p role="alert">{message}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
