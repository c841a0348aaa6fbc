// Serves the peer's production build (../shared/perf/README.md) as a single-page app, compressed, the way its
// recipe's `serve -s` does: serve's own request handler and compression middleware, without its CLI.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import handler from 'serve-handler';

export const PEER_PORT = 5055;

/** Starts the server on 127.0.0.1:5055 and resolves with its URL and a stop function. */
export function servePeer(buildDir) {
  if (!existsSync(join(buildDir, 'index.html'))) throw new Error(`PERF_PEER_BUILD: no index.html in ${buildDir}`);
  const compress = compression();
  const server = createServer((req, res) =>
    compress(req, res, () => handler(req, res, { public: buildDir, rewrites: [{ source: '**', destination: '/index.html' }] })),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(PEER_PORT, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${PEER_PORT}`, stop: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}
