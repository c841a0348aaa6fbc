import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
for (const path of ['/', '/courses']) for (let i = 0; i < 2; i++) {
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const r = await lighthouse('http://127.0.0.1:5000' + path, { port: chrome.port, output: 'json', logLevel: 'error' });
console.log(path, 'perf', r.lhr.categories.performance.score, 'FCP', Math.round(r.lhr.audits['first-contentful-paint'].numericValue), 'LCP', Math.round(r.lhr.audits['largest-contentful-paint'].numericValue), 'TBT', r.lhr.audits['total-blocking-time'].numericValue, JSON.stringify((r.lhr.audits['long-tasks'].details?.items ?? []).slice(0,5).map(t => [t.url?.slice(-30), Math.round(t.duration)])));
await chrome.kill();
}
