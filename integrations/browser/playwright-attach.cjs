// Playwright (Node) driving Debian's Chromium behind `robotstxt browse --attach`.
//
//   node playwright-attach.cjs URL
//
// It launches Chromium with a DevTools port, prints "ENDPOINT http://127.0.0.1:PORT"
// (give it to `robotstxt browse --agent YourBot --attach ENDPOINT`), waits for a
// line on standard input once the guard is attached, loads URL, and closes the
// browser when standard input ends. Needs the npm package playwright-core.
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');
const { guardedFetch } = require('./guarded-fetch.cjs');

// The guard refuses a browser that makes speculative loads, which no flag
// turns off: the profile's preference does (2: never predict).
function guardedProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'),
    JSON.stringify({ net: { network_prediction_options: 2 } }));
  return dir;
}

async function main() {
  const url = process.argv[2];
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const profile = guardedProfile();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--remote-debugging-port=0', // Chromium picks a free port and writes it in DevToolsActivePort
      '--disable-features=IsolateSandboxedIframes', // sandboxed frames checked from their start
      '--disable-popup-blocking', // only for the test page, which opens popups from script
    ],
  });
  const port = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  console.log('ENDPOINT http://127.0.0.1:' + port);
  await lines.next(); // the guard is attached
  const page = await context.newPage();
  // The guard prepares each new tab (its websocket check) before the tab's
  // first document: wait for it, else that document is refused and loaded
  // again once the tab is ready, and goto fails.
  await page.waitForFunction(() => globalThis.WebSocket && WebSocket.__robotstxtGuard === true, null, { polling: 100, timeout: 10000 });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', null, { polling: 100, timeout: 30000 });
  console.log('LOADED');
  await outsideRequests(lines, (url, decide) => guardedFetch(url, { method: 'GET' }, { decide, request: context.request }));
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

// ---- Requests outside the browser: guardedFetch (guarded-fetch.cjs). ----
// Playwright's context.request (Node-side HTTP) is not the browser's: the
// guard never sees it. After LOADED, the
// lines "DECIDE URL" (the URL `browse --attach --decide-addr` printed) and
// "FETCH URL" send guarded requests, each printed as "FETCHED URL STATUS" or
// "REFUSED URL GATE"; standard input's end (or another line) ends them.
async function outsideRequests(lines, send) {
  let decide = process.env.ROBOTSTXT_GUARD_DECIDE;
  for (;;) {
    const { value, done } = await lines.next();
    if (done) return;
    if (value.startsWith('DECIDE ')) {
      decide = value.slice('DECIDE '.length);
    } else if (value.startsWith('FETCH ')) {
      const url = value.slice('FETCH '.length);
      try {
        const res = await send(url, decide);
        console.log('FETCHED ' + url + ' ' + (typeof res.status === 'function' ? res.status() : res.status));
      } catch (e) {
        if (e.name !== 'GuardRefused') throw e;
        console.log('REFUSED ' + e.url + ' ' + e.gate); // the hop refused
      }
    } else {
      return;
    }
  }
}
// ---- end of requests outside the browser ----

main().catch((e) => { console.error(e); process.exit(1); });
