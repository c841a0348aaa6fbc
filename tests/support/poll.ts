// The suite's one poller, with no other imports: the functions' emulator tests use it too (through mail.ts).
/**
 * Polls until `check` returns a value (webhooks, mail and triggers are asynchronous), every 200 ms; after
 * `timeoutMs` it fails, naming `what` it waited for.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'a condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
