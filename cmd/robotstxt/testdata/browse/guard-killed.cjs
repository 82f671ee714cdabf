// The test of a guard killed mid-script (TestBrowseAttachGuardKilled): with
// Playwright or Puppeteer, launch Chromium through the guard's proxy, load a
// page once the guard is attached, and, once told the guard is gone, try every
// way out: fetch() from the open page (allowed, disallowed, and to an origin
// whose robots.txt is unresolved), goto, a new tab, window.open, and a
// WebSocket. It does not watch the guard (the integration scripts do): this
// is the proxy alone closing the door.
//
//   ROBOTSTXT_GUARD_PROXY=127.0.0.1:PORT node guard-killed.cjs playwright|puppeteer A C
//
// Standard output: "ENDPOINT ...", "LOADED", then "DONE {results}".
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');

const [lib, A, C] = process.argv.slice(2);
const proxy = process.env.ROBOTSTXT_GUARD_PROXY;
const exe = process.env.CHROMIUM || '/usr/bin/chromium';

function guardedProfile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'),
    JSON.stringify({ net: { network_prediction_options: 2 } }));
  return dir;
}

const guardReady = () => globalThis.WebSocket && WebSocket.__robotstxtGuard === true;

async function main() {
  const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const profile = guardedProfile();
  let newPage, close, endpoint, ready;
  if (lib === 'playwright') {
    const { chromium } = require('playwright-core');
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: exe, headless: true, proxy: { server: 'http://' + proxy },
      args: ['--remote-debugging-port=0', '--disable-features=IsolateSandboxedIframes', '--disable-popup-blocking'],
    });
    endpoint = 'http://127.0.0.1:' + fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    newPage = () => context.newPage();
    close = () => context.close();
    ready = (p) => p.waitForFunction(guardReady, null, { polling: 100, timeout: 30000 });
  } else {
    const puppeteer = require('puppeteer-core');
    const browser = await puppeteer.launch({
      executablePath: exe, headless: true, userDataDir: profile,
      args: ['--no-sandbox', '--disable-features=IsolateSandboxedIframes', '--disable-popup-blocking',
        '--proxy-server=http://' + proxy, '--proxy-bypass-list=<-loopback>'],
    });
    endpoint = browser.wsEndpoint();
    newPage = () => browser.newPage();
    close = () => browser.close();
    ready = (p) => p.waitForFunction(guardReady, { polling: 100, timeout: 30000 });
  }
  console.log('ENDPOINT ' + endpoint);
  await lines.next(); // the guard is attached
  const page = await newPage();
  await ready(page);
  await page.goto(A + '/');
  console.log('LOADED');
  await lines.next(); // the guard was killed
  const out = {};
  const attempt = async (name, f) => {
    try { out[name] = String(await f()); } catch (e) { out[name] = 'error: ' + String(e.message || e).split('\n')[0]; }
  };
  const inPage = (u) => page.evaluate((u) => fetch(u).then((r) => r.status, (e) => 'failed ' + e.name), u);
  await attempt('fetch allowed', () => inPage(A + '/after/fetch'));
  await attempt('fetch disallowed', () => inPage(A + '/api/after-fetch'));
  await attempt('fetch unresolved', () => inPage(C + '/after/fetch'));
  await attempt('websocket', () => page.evaluate((u) => new Promise((res) => {
    const s = new WebSocket(u); s.onopen = () => res('open'); s.onerror = () => res('error');
  }), A.replace('http:', 'ws:') + '/after/ws'));
  await attempt('window.open', () => page.evaluate((u) => { window.open(u); return 'opened'; }, A + '/after/popup'));
  await attempt('goto allowed', async () => (await page.goto(A + '/after/goto')).status());
  await attempt('goto disallowed', async () => (await page.goto(A + '/api/after-goto')).status());
  await attempt('new tab', async () => {
    const p = await newPage();
    return (await p.goto(C + '/after/tab')).status();
  });
  console.log('DONE ' + JSON.stringify(out));
  await lines.next(); // standard input ends
  await close().catch(() => {});
  try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch (e) { /* the browser's last writes */ }
}

main().catch((e) => { console.error(e); process.exit(1); });
