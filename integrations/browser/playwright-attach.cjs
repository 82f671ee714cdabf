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
const http = require('http');
const os = require('os');
const path = require('path');
const readline = require('readline');

// The guard refuses a browser that makes speculative loads, which no flag
// turns off: the profile's preference does (2: never predict).
function guardedProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'),
    JSON.stringify({ net: { network_prediction_options: 2 } }));
  return dir;
}

// watchGuard keeps a request open to the guard's proxy, which the guard
// answers and holds until it ends (killed too: its process's sockets close
// with it), and calls gone once it ends.
function watchGuard(addr, gone) {
  let called = false;
  const once = (why) => { if (!called) { called = true; gone(why); } };
  const req = http.get({ host: addr.split(':')[0], port: addr.split(':')[1], path: '/.well-known/robotstxt-guard/watch', agent: false }, (res) => {
    if (res.statusCode !== 200) once('HTTP ' + res.statusCode);
    res.on('data', () => {});
    res.on('end', () => once('its watch ended'));
    res.on('error', (e) => once(e.message));
  });
  req.on('error', (e) => once(e.message));
  req.on('close', () => once('its connection closed'));
}

// end closes the browser, removes the profile and exits, once: the guard
// gone and the script done may both ask.
let ending;
function end(close, profile, code, message) {
  if (!ending) {
    ending = (async () => {
      if (message) console.error(message);
      await close().catch(() => {});
      try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch (e) { /* the browser's last writes */ }
      process.exit(code);
    })();
  }
  return ending;
}

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
  await lines.next(); // standard input ends: done
  await end(() => context.close(), profile, 0);
}

main().catch((e) => { console.error(e); process.exit(1); });
