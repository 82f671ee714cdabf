// Playwright (Node) driving Debian's Chromium behind `robotstxt browse --attach`.
//
//   ROBOTSTXT_GUARD_PROXY=127.0.0.1:PORT node playwright-attach.cjs URL
//
// It launches Chromium with a DevTools port and the guard's proxy, prints
// "ENDPOINT http://127.0.0.1:PORT" (give it to `robotstxt browse --agent YourBot
// --attach ENDPOINT --proxy-addr 127.0.0.1:PORT`), waits for a line on standard
// input once the guard is attached, loads URL, and closes the browser when
// standard input ends. Should the guard end first, it closes the browser and
// exits with status 3. Needs the npm package playwright-core.
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { guardedFetch } = require('./guarded-fetch.cjs');
const { guardedProfile, watchGuard, end, outsideRequests } = require('./attach-common.cjs');

async function main() {
  const url = process.argv[2];
  const guardProxy = process.env.ROBOTSTXT_GUARD_PROXY; // the guard's --proxy-addr
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const profile = guardedProfile();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // Every request through the guard: once it is gone, the browser reaches
    // nothing (Playwright proxies loopback too: <-loopback>).
    proxy: guardProxy ? { server: 'http://' + guardProxy } : undefined,
    args: [
      '--remote-debugging-port=0', // Chromium picks a free port and writes it in DevToolsActivePort
      '--disable-features=IsolateSandboxedIframes', // sandboxed frames checked from their start
      '--disable-popup-blocking', // only for the test page, which opens popups from script
    ],
  });
  if (!guardProxy) console.error('warning: no ROBOTSTXT_GUARD_PROXY: should the guard die, this browser goes on unguarded');
  const port = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  console.log('ENDPOINT http://127.0.0.1:' + port);
  await lines.next(); // the guard is attached
  if (guardProxy) {
    watchGuard(guardProxy, (why) => end(() => context.close(), profile, 3,
      `the guard at ${guardProxy} went away (${why}): closing the browser`));
  }
  const page = await context.newPage();
  // The guard prepares each new tab (its websocket check) before the tab's
  // first document: wait for it, else that document is refused and loaded
  // again once the tab is ready, and goto fails.
  await page.waitForFunction(() => globalThis.WebSocket && WebSocket.__robotstxtGuard === true, null, { polling: 100, timeout: 10000 });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', null, { polling: 100, timeout: 30000 });
  console.log('LOADED');
  await outsideRequests(lines, (url, decide) => guardedFetch(url, { method: 'GET' }, { decide, request: context.request }));
  await end(() => context.close(), profile, 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
