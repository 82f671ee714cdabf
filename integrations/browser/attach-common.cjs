// What the two attach scripts (playwright-attach.cjs, puppeteer-attach.cjs)
// share: the profile the guard admits, the watch that closes the browser
// once the guard ends, and the guarded requests a script makes outside the
// browser.
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');

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

// Requests outside the browser: guardedFetch (guarded-fetch.cjs).
// Playwright's context.request and Node's fetch are not the browser's: the
// guard never sees them. After LOADED, the lines "DECIDE URL" (the URL `browse --attach --decide-addr` printed) and
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

module.exports = { guardedProfile, watchGuard, end, outsideRequests };
