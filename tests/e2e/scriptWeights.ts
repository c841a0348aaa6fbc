import { gzipSync } from 'node:zlib';
import { expect, type Page, type Response } from '@playwright/test';

/** One script the page loaded: its gzip level-9 size, or, when its body could not be read, its transfer size. */
export interface ScriptWeight {
  url: string;
  bytes: number;
  /** The body, when it could be read; null when only the transfer size was counted. */
  body: Buffer | null;
}

/**
 * Records every script response from now on. A body Chromium no longer holds (evicted, or the page moved
 * on) is not dropped from the total: it is counted by the bytes that crossed the wire, and marked unread,
 * so a check that needs the text (no Firebase SDK) can refuse to pass on what it could not see.
 */
export function recordScripts(page: Page): { settled: () => Promise<ScriptWeight[]> } {
  const pending: Promise<ScriptWeight>[] = [];
  const record = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const weight = weigh(response);
    // settled() reports a recorded script's failure; this only keeps a weighing still running when the test ends
    // from failing the test on its own (CI, 30 November: "request.sizes: Target page ... has been closed").
    weight.catch(() => undefined);
    pending.push(weight);
  };
  page.on('response', record);
  return {
    // What loaded up to now: a script that arrives later is outside the window the caller measured.
    settled: () => {
      page.off('response', record);
      return Promise.all(pending);
    },
  };
}

async function weigh(response: Response): Promise<ScriptWeight> {
  const url = response.url();
  try {
    const body = await response.body();
    return { url, bytes: gzipSync(body, { level: 9 }).length, body };
  } catch {
    const sizes = await response.request().sizes();
    if (!(sizes.responseBodySize > 0)) throw new Error(`the script ${url} could be neither read nor sized`);
    return { url, bytes: sizes.responseBodySize, body: null };
  }
}

export const totalBytes = (scripts: ScriptWeight[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);

/** Each script by weight, heaviest first, as a budget test prints them: a page near its budget shows what to cut. */
export const byWeight = (scripts: ScriptWeight[]): string =>
  [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map(
      (s) =>
        `${new URL(s.url).pathname.replace('/assets/', '')} ${(s.bytes / 1024).toFixed(1)} KB${s.body ? '' : ' (unread: transfer size)'}`,
    )
    .join(', ');

/** A signed-in page's budget: every script the page loads until `ready` and 1.5 s after, gzipped. */
export const SIGNED_IN_BUDGET = 170 * 1024;

/** Opens `path` afresh, waits for `ready`, and holds the page's scripts to the signed-in budget (printing the total). */
export async function weighSignedInPage(page: Page, path: string, ready: () => Promise<void>, label: string): Promise<void> {
  await page.goto('about:blank');
  const recorder = recordScripts(page);
  await page.goto(path, { waitUntil: 'load' });
  await ready();
  await page.waitForTimeout(1500);
  const scripts = await recorder.settled();
  const total = totalBytes(scripts);
  console.log(`total JS ${label}: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} scripts: ${byWeight(scripts)}`);
  expect(total).toBeLessThanOrEqual(SIGNED_IN_BUDGET);
}
