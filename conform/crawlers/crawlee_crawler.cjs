// Crawlee's HttpCrawler with respectRobotsTxtFile: every link of every page
// enqueued (strategy "all"); robots.txt is Crawlee's own (fetched once per
// origin, matched for the agent given as respectRobotsTxtFile.userAgent),
// and the pages are fetched with the User-Agent "AGENT/1.0". Storage stays
// in memory.
//
// usage: NODE_PATH=.../node_modules node crawlee_crawler.cjs START_URL AGENT
'use strict';
const { HttpCrawler, Configuration } = require('@crawlee/http');

const [start, agent] = process.argv.slice(2);
const ua = agent + '/1.0';

const crawler = new HttpCrawler({
  respectRobotsTxtFile: { userAgent: agent },
  maxConcurrency: 16,
  maxRequestsPerCrawl: 500,
  navigationTimeoutSecs: 5,
  requestHandlerTimeoutSecs: 10,
  preNavigationHooks: [(_ctx, gotOptions) => {
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
}, new Configuration({ persistStorage: false }));

crawler.run([start]);
