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
  await lines.next(); // standard input ends: done
  await browser.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

main().catch((e) => { console.error(e); process.exit(1); });
