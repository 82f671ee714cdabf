// A crawler on npm's robots-parser: breadth-first from the start URL, every
// link followed. robots-parser only parses, so the fetching around it is
// written as RFC 9309 asks: each origin's robots.txt fetched once (redirects
// followed, with the crawler's User-Agent); a 2xx is parsed, another 4xx
// than 429 allows everything, anything else (5xx, 429, a network error or a
// timeout) leaves the origin's URLs unfetched. isAllowed(url, agent) decides
// each URL, and getCrawlDelay(agent) is waited between an origin's requests.
//
// usage: NODE_PATH=.../node_modules node robots_parser_crawler.cjs START_URL AGENT
'use strict';
const robotsParser = require('robots-parser');

const [start, agent] = process.argv.slice(2);
const ua = agent + '/1.0';
const MAX_PAGES = 500;

async function get(url) {
  return fetch(url, { headers: { 'User-Agent': ua }, signal: AbortSignal.timeout(5000) });
}

async function policy(origin) {
  const robotsURL = origin + '/robots.txt';
  try {
    const r = await get(robotsURL);
    const text = await r.text();
    if (r.ok) return robotsParser(robotsURL, text);
    if (r.status >= 400 && r.status < 500 && r.status !== 429) return robotsParser(robotsURL, '');
  } catch (e) {
    // unreachable: no policy
  }
  return null;
}

async function main() {
  const robots = new Map();
  const last = new Map();
  const queue = [start];
  const seen = new Set(queue);
  let pages = 0;
  while (queue.length > 0 && pages < MAX_PAGES) {
    const url = queue.shift();
    const origin = new URL(url).origin;
    if (!robots.has(origin)) robots.set(origin, await policy(origin));
    const rp = robots.get(origin);
    if (!rp || !rp.isAllowed(url, agent)) continue;
    const delay = (rp.getCrawlDelay(agent) || 0) * 1000;
    if (delay && last.has(origin)) {
      const wait = delay - (Date.now() - last.get(origin));
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    }
    last.set(origin, Date.now());
    pages++;
    let body = '';
    try {
      const r = await get(url);
      body = await r.text();
      if (!(r.headers.get('content-type') || '').includes('html')) continue;
    } catch (e) {
      continue;
    }
    for (const m of body.matchAll(/href="([^"]*)"/g)) {
      const u = new URL(m[1].replaceAll('&amp;', '&'), url);
      u.hash = '';
      if (u.protocol.startsWith('http') && !seen.has(u.href)) {
        seen.add(u.href);
        queue.push(u.href);
      }
    }
  }
}

main();
