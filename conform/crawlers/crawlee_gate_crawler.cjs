// Crawlee's HttpCrawler with ours in front: every request asked of a
// decision service ("robotstxt serve --gate", started here on a free
// loopback port) through integrations/crawlee/robotstxt-gate.cjs, instead
// of respectRobotsTxtFile. Otherwise as crawlee_crawler.cjs: every link
// enqueued, User-Agent "AGENT/1.0", storage in memory.
//
// usage: NODE_PATH=.../node_modules node crawlee_gate_crawler.cjs START_URL AGENT ROBOTSTXT
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { HttpCrawler, Configuration } = require('@crawlee/http');
const { gateHook } = require(path.join(__dirname, '..', '..', 'integrations', 'crawlee', 'robotstxt-gate.cjs'));

const [start, agent, robotstxt] = process.argv.slice(2);
const ua = agent + '/1.0';

function startGate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlee-gate-'));
  const scope = path.join(dir, 'scope.json');
  fs.writeFileSync(scope, '{"approved":["*"]}\n');
  const gate = spawn(robotstxt, ['serve', '--gate', '--agent', agent, '--scope', scope, '--allow-private',
    '--addr', '127.0.0.1:0', '--user-agent', ua, '--fetch-timeout', '5s', '--crawl-delay'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    gate.stderr.on('data', (b) => { seen += b; });
    gate.stdout.on('data', (b) => {
      seen += b;
      const m = seen.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m) resolve({ gate, endpoint: m[0] });
    });
    gate.on('exit', () => reject(new Error('serve --gate ended: ' + seen)));
  });
}

async function main() {
  const { gate, endpoint } = await startGate();
  const crawler = new HttpCrawler({
    maxConcurrency: 16,
    maxRequestsPerCrawl: 500,
    navigationTimeoutSecs: 30,
    requestHandlerTimeoutSecs: 30,
    preNavigationHooks: [gateHook({ endpoint, agent }), (_ctx, gotOptions) => {
      gotOptions.headers = { ...gotOptions.headers, 'user-agent': ua };
    }],
    async requestHandler({ body, request, enqueueLinks }) {
      const base = request.loadedUrl || request.url;
      const urls = [];
      for (const m of body.toString().matchAll(/href="([^"]*)"/g)) {
        urls.push(new URL(m[1].replaceAll('&amp;', '&'), base).href);
      }
      await enqueueLinks({ urls, strategy: 'all' });
    },
    failedRequestHandler() {},
  }, new Configuration({ persistStorage: false }));
  try {
    await crawler.run([start]);
  } finally {
    gate.kill();
  }
}

main();
