// robotstxt-gate: a Crawlee pre-navigation hook that asks a robotstxt
// decision service ("robotstxt serve --gate", docs/fleet.md) before each
// request, instead of Crawlee's own per-process robots.txt cache
// (respectRobotsTxtFile): the fleet fetches each origin's robots.txt once for
// every crawler process, holds an origin whose robots.txt is unreachable
// (5xx, 429, timeouts) instead of reading it as "allow", and applies the
// fleet's politeness (Crawl-delay, Retry-After holds).
//
//   const { gateHook } = require('./robotstxt-gate.cjs');
//   new HttpCrawler({ preNavigationHooks: [gateHook({ endpoint: 'http://127.0.0.1:8080', agent: 'ExampleBot' })], ... });
//
// An admitted request goes ahead. A dropped one (robots.txt disallows it,
// or the scope denies it) fails without retries. A held one waits for the
// hold's retryAt and asks again, as long as its waits add up to at most
// maxWait (default 10 s: a Crawl-delay, a short Retry-After); beyond, it
// fails without retries (the origin is unreachable or keeps answering 429:
// ask again in a later run). Any error of the service fails the request:
// an unanswered question is never "allowed".
'use strict';

function gateHook({ endpoint, agent, token, maxWait = 10000, fetchImpl = globalThis.fetch }) {
  if (!endpoint) throw new Error('robotstxt-gate: endpoint is required');
  const url = endpoint.replace(/\/+$/, '') + '/api/v1/decide';
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  const decide = async (target) => {
    const body = { urls: [target] };
    if (agent) body.agent = agent;
    const r = await fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(120000) });
    if (!r.ok) throw new Error(`robotstxt-gate: the decision service answered ${r.status}`);
    const answers = await r.json();
    if (!Array.isArray(answers) || answers.length !== 1) throw new Error('robotstxt-gate: not one answer');
    return answers[0];
  };
  return async (crawlingContext) => {
    const { request } = crawlingContext;
    let waited = 0;
    for (;;) {
      const d = await decide(request.url);
      if (d.gate === 'admit') return;
      const reason = (d.decision && d.decision.reason) || d.error || d.gate;
      const wait = d.gate === 'hold' && d.retryAt ? Date.parse(d.retryAt) - Date.now() : Infinity;
      if (waited + Math.max(wait, 0) <= maxWait) {
        waited += Math.max(wait, 0);
        await new Promise((res) => setTimeout(res, Math.max(wait, 0)));
        continue;
      }
      request.noRetry = true;
      const err = new Error(`robotstxt-gate: ${d.gate}: ${reason}`);
      err.robotstxtGate = d.gate;
      throw err;
    }
  };
}

module.exports = { gateHook };
