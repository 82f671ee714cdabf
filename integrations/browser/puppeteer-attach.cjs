// Puppeteer driving Debian's Chromium behind `robotstxt browse --attach`.
//
//   ROBOTSTXT_GUARD_PROXY=127.0.0.1:PORT node puppeteer-attach.cjs URL
//
// It launches Chromium with the guard's proxy, prints "ENDPOINT ws://..." (the
// browser's DevTools websocket, for `robotstxt browse --agent YourBot --attach
// ENDPOINT --proxy-addr 127.0.0.1:PORT`), waits for a line on standard input once
// the guard is attached, loads URL, and closes the browser when standard input
// ends. Should the guard end first, it closes the browser and exits with status
// 3. Needs the npm package puppeteer-core.
'use strict';
const puppeteer = require('puppeteer-core');
const readline = require('readline');
const { guardedFetch } = require('./guarded-fetch.cjs');
const { guardedProfile, watchGuard, end, outsideRequests } = require('./attach-common.cjs');

async function main() {
  const url = process.argv[2];
  const guardProxy = process.env.ROBOTSTXT_GUARD_PROXY; // the guard's --proxy-addr
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const profile = guardedProfile();
  const args = [
    '--no-sandbox', // as root in a container; drop it otherwise
    '--disable-features=IsolateSandboxedIframes', // sandboxed frames checked from their start
    '--disable-popup-blocking', // only for the test page, which opens popups from script
  ];
  if (guardProxy) {
    // Every request through the guard, loopback too: once it is gone, the
    // browser reaches nothing.
    args.push('--proxy-server=http://' + guardProxy, '--proxy-bypass-list=<-loopback>');
  } else {
    console.error('warning: no ROBOTSTXT_GUARD_PROXY: should the guard die, this browser goes on unguarded');
  }
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args,
  });
  console.log('ENDPOINT ' + browser.wsEndpoint());
  await lines.next(); // the guard is attached
  if (guardProxy) {
    watchGuard(guardProxy, (why) => end(() => browser.close(), profile, 3,
      `the guard at ${guardProxy} went away (${why}): closing the browser`));
  }
  const page = await browser.newPage();
  // The guard prepares each new tab (its websocket check) before the tab's
  // first document: wait for it, else that document is refused and loaded
  // again once the tab is ready, and goto fails.
  await page.waitForFunction(() => globalThis.WebSocket && WebSocket.__robotstxtGuard === true, { polling: 100, timeout: 10000 });
  await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', { polling: 100, timeout: 30000 });
  console.log('LOADED');
  await outsideRequests(lines, (url, decide) => guardedFetch(url, { method: 'GET' }, { decide }));
  await end(() => browser.close(), profile, 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
