const KEY = 'upskill:chunk-reload-at';
const WINDOW_MS = 30_000;

/** True when an error means a lazily loaded script could not be fetched (missing, timed out, stale). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError|Unable to preload CSS|module script/i.test(
    message,
  );
}

/**
 * A chunk that fails after a deploy usually means this tab runs an old build: reload once to get
 * the new one. A second failure within the window is shown to the user instead of looping.
 */
export function reloadOnceForStaleChunk(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? '0');
    if (Date.now() - last < WINDOW_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
