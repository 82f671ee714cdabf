// Puppeteer driving Debian's Chromium behind `robotstxt browse --attach`.
//
//   node puppeteer-attach.cjs URL
//
// It launches Chromium, prints "ENDPOINT ws://..." (the browser's DevTools
// websocket, for `robotstxt browse --agent YourBot --attach ENDPOINT`), waits for
// a line on standard input once the guard is attached, loads URL, and closes the
// browser when standard input ends. Needs the npm package puppeteer-core.
'use strict';
const puppeteer = require('puppeteer-core');
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
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox', // as root in a container; drop it otherwise
      '--disable-features=IsolateSandboxedIframes', // sandboxed frames checked from their start
      '--disable-popup-blocking', // only for the test page, which opens popups from script
    ],
  });
  console.log('ENDPOINT ' + browser.wsEndpoint());
  await lines.next(); // the guard is attached
  const page = await browser.newPage();
  // The guard prepares each new tab (its websocket check) before the tab's
  // first document: wait for it, else that document is refused and loaded
  // again once the tab is ready, and goto fails.
  await page.waitForFunction(() => globalThis.WebSocket && WebSocket.__robotstxtGuard === true, { polling: 100, timeout: 10000 });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', { polling: 100, timeout: 30000 });
  console.log('LOADED');
  await outsideRequests(lines, (url, decide) => guardedFetch(url, { method: 'GET' }, { decide }));
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

// ---- Requests outside the browser: guardedFetch (guarded-fetch.cjs). ----
// Node's fetch is not the browser's: the guard never sees it. After LOADED, the
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
