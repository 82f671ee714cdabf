// Playwright's own interception against the guard's, on the same page:
// BenchmarkBrowseVsPlaywrightRoute (guard/bench_route_unix_test.go) runs it.
//
//   node route-bench.cjs
//
// It launches Chromium (CHROMIUM, default /usr/bin/chromium) with Playwright,
// on a profile with network prediction off (the guard refuses one without),
// prints "ENDPOINT http://127.0.0.1:PORT", then for each line "LOAD MODE URL"
// loads URL in a new page and prints "LOADED MS": the time from page.goto
// to the load event. MODE is plain (no interception), route (page.route on
// every request, each let go at once: route.continue(), the least a
// Playwright interception does) or guard (no route; the guard, attached by
// the benchmark, decides each request; the page waits until the guard has
// prepared it, as docs/browse.md says, before the clock starts).
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'route-bench-'));
  fs.mkdirSync(path.join(profile, 'Default'));
  fs.writeFileSync(path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ net: { network_prediction_options: 2 } }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--remote-debugging-port=0', '--disable-features=IsolateSandboxedIframes'],
  });
  const port = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  console.log('ENDPOINT http://127.0.0.1:' + port);
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [cmd, mode, url] = line.split(' ');
    if (cmd !== 'LOAD') break;
    const page = await context.newPage();
    if (mode === 'route') {
      await page.route('**/*', (route) => route.continue());
    } else if (mode === 'guard') {
      await page.waitForFunction(() => globalThis.WebSocket && WebSocket.__robotstxtGuard === true, null, { polling: 20, timeout: 20000 });
    }
    const t0 = performance.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60000 });
    const ms = performance.now() - t0;
    await page.close();
    console.log('LOADED ' + ms.toFixed(1));
  }
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}

main().catch((e) => { console.error(e); process.exit(1); });
