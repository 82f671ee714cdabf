// Requests outside the browser, guarded: guardedFetch asks `robotstxt browse
// --attach ... --decide-addr 127.0.0.1:0` (or the decision service, `robotstxt
// serve --gate`) for the decision before it sends, and refuses what is not
// admitted.
//
// Playwright's page.request, context.request and route.fetch, and Node's own
// fetch, are HTTP made by Node, not by the browser: the guard, which stands
// in the browser's DevTools Fetch domain, never sees them and cannot stop
// them. Send such requests through guardedFetch instead:
//
//   const { guardedFetch } = require('./guarded-fetch.cjs');
//   // DECIDE is the URL `browse --attach --decide-addr` printed ("decide   URL").
//   const res = await guardedFetch('https://example.com/api/x', { method: 'GET' },
//     { decide: DECIDE, request: context.request }); // Playwright's APIRequestContext
//   // or, with Node's fetch: guardedFetch(url, init, { decide: DECIDE })
//
// Each hop of a redirect is decided on its own (redirects are followed here,
// never by the HTTP client). A URL that is not admitted (drop, hold), a
// guard that does not answer or answers what is not a decision for the URL,
// all throw a GuardRefused before anything is sent: it never fails open.
// What the target answered is reported back (POST /api/v1/target-status),
// so the guard's record has it.
'use strict';

class GuardRefused extends Error {
  constructor(url, gate, reason) {
    super(`guard: ${gate} ${url}: ${reason}`);
    this.name = 'GuardRefused';
    this.url = url;
    this.gate = gate; // 'drop', 'hold', or 'hold' when the guard could not be asked
    this.reason = reason;
  }
}

const maxRedirects = 20;

// decide asks the guard about url for method; the answer's item, or a throw.
async function decide(base, url, method, token, timeoutMs) {
  let res;
  try {
    res = await fetch(base.replace(/\/$/, '') + '/api/v1/decide', {
      method: 'POST',
      headers: Object.assign({ 'Content-Type': 'application/json' }, token ? { Authorization: 'Bearer ' + token } : {}),
      body: JSON.stringify({ urls: [url], method }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new GuardRefused(url, 'hold', 'no decision: the guard did not answer (' + e.message + ')');
  }
  let items;
  try {
    items = await res.json();
  } catch (e) {
    throw new GuardRefused(url, 'hold', 'no decision: the guard answered HTTP ' + res.status + ' with what is not JSON');
  }
  if (!res.ok) {
    throw new GuardRefused(url, 'hold', 'no decision: the guard answered HTTP ' + res.status + ': ' + (items && items.error));
  }
  if (!Array.isArray(items) || items.length !== 1 || !items[0] || items[0].url !== url) {
    throw new GuardRefused(url, 'hold', 'no decision: the answer is not for the URL asked');
  }
  return items[0];
}

async function report(base, url, status, error, token) {
  try {
    await fetch(base.replace(/\/$/, '') + '/api/v1/target-status', {
      method: 'POST',
      headers: Object.assign({ 'Content-Type': 'application/json' }, token ? { Authorization: 'Bearer ' + token } : {}),
      body: JSON.stringify(error ? { url, error } : { url, status }),
      signal: AbortSignal.timeout(5000),
    });
  } catch (e) {
    // The record keeps "no answer seen"; the request itself was decided.
  }
}

// guardedFetch(url, init, options): init as fetch's (method, headers, body)
// or Playwright's request.fetch (method, headers, data). options: decide (the
// guard's URL; default $ROBOTSTXT_GUARD_DECIDE), token (for serve --gate's
// --gate-token-file), request (a Playwright APIRequestContext: page.request,
// context.request; default Node's fetch), timeoutMs (per decision, 30000).
// It returns the last hop's response (Playwright's APIResponse or fetch's
// Response).
async function guardedFetch(url, init = {}, options = {}) {
  const base = options.decide || process.env.ROBOTSTXT_GUARD_DECIDE;
  let u;
  try {
    u = new URL(url).href; // what is decided is exactly what is sent
  } catch (e) {
    throw new GuardRefused(String(url), 'drop', 'not a URL');
  }
  if (!base) {
    throw new GuardRefused(u, 'hold', 'no decision: no guard to ask (give options.decide or ROBOTSTXT_GUARD_DECIDE)');
  }
  let method = (init.method || 'GET').toUpperCase();
  let body = init.body !== undefined ? init.body : init.data;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const item = await decide(base, u, method, options.token, options.timeoutMs || 30000);
    if (item.gate !== 'admit') {
      throw new GuardRefused(u, item.gate === 'drop' ? 'drop' : 'hold', (item.decision && item.decision.reason) || item.error || 'not admitted');
    }
    let res, status, location;
    try {
      if (options.request) {
        const o = Object.assign({}, init, { method, maxRedirects: 0 });
        delete o.body;
        if (body !== undefined) o.data = body; else delete o.data;
        res = await options.request.fetch(u, o);
        status = res.status();
        location = res.headers()['location'];
      } else {
        const o = Object.assign({}, init, { method, redirect: 'manual' });
        if (body !== undefined) o.body = body; else delete o.body;
        delete o.data;
        res = await fetch(u, o);
        status = res.status;
        location = res.headers.get('location');
      }
    } catch (e) {
      await report(base, u, 0, String(e.message || e), options.token);
      throw e;
    }
    await report(base, u, status, '', options.token);
    if (![301, 302, 303, 307, 308].includes(status) || !location) {
      return res;
    }
    u = new URL(location, u).href;
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
  throw new GuardRefused(u, 'drop', `more than ${maxRedirects} redirects`);
}

module.exports = { guardedFetch, GuardRefused };
