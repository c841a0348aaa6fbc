import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { earlyInputScript } from '../../hosting/csp.mjs';
import { HOSTING } from '../support/env';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security and cache headers from firebase.json, through the Hosting emulator', () => {
  it('pages carry CSP (no inline scripts), HSTS, nosniff, Referrer-Policy, frame-ancestors none, Permissions-Policy', async () => {
    for (const path of ['/', '/courses', '/no-such-page']) {
      const res = await fetch(`${HOSTING}${path}`);
      // An unknown path is the 404 page with a 404 status, and the same headers.
      expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
      const csp = directives(res.headers.get('content-security-policy') ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('the only inline script is the early-input guard, allowed by its hash; the app shell has none (JSON-LD is data, never run)', async () => {
    const csp = directives((await fetch(`${HOSTING}/`)).headers.get('content-security-policy') ?? '');
    const guardHash = `'sha256-${createHash('sha256').update(earlyInputScript()).digest('base64')}'`;
    expect(csp.get('script-src')).toContain(guardHash);
    for (const path of ['/', '/about', '/courses', '/pricing', '/blog/switching-careers-into-tech', '/login', '/nope', '/mycourses']) {
      const html = await (await fetch(`${HOSTING}${path}`)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      // Structured data blocks are not JavaScript: the browser never runs them, so the CSP has no say;
      // each must be plain JSON.
      const data = scripts.filter(([, attrs]) => /\btype="application\/ld\+json"/.test(attrs));
      for (const [, , body] of data) expect(() => JSON.parse(body), path).not.toThrow();
      const inline = scripts.filter((match) => !data.includes(match) && (!/\bsrc=/.test(match[1]) || match[2].trim()));
      const prerendered = !html.includes('<div id="root"></div>');
      expect(
        inline.map(([, , body]) => body),
        path,
      ).toEqual(prerendered ? [earlyInputScript()] : []);
    }
  });

  it('public pages are prerendered: their content is in the HTML, with their own title', async () => {
    const about = await (await fetch(`${HOSTING}/about`)).text();
    expect(about).toContain('<title>About us | Upskill</title>');
    expect(about).toContain('Our story');
    const home = await (await fetch(`${HOSTING}/`)).text();
    expect(home).toContain('Learn the skills employers hire for');
    const shell = await (await fetch(`${HOSTING}/mycourses`)).text();
    expect(shell).toContain('<div id="root"></div>');
  });

  it('hashed assets are cached for a year, immutable', async () => {
    const asset = readdirSync(new URL('../../web/dist/assets/', import.meta.url)).find((f) => f.endsWith('.js'));
    const res = await fetch(`${HOSTING}/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
