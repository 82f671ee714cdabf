"""Scrapy downloader middleware that asks a robotstxt decision service
("robotstxt serve --gate") before every request.

Settings:
    ROBOTSTXT_GATE_URL       the service, e.g. "http://127.0.0.1:8080" (required)
    ROBOTSTXT_GATE_AGENT     product token to decide for (default: the service's --agent)
    ROBOTSTXT_GATE_TIMEOUT   seconds to wait for the service (default 10)
    ROBOTSTXT_GATE_MAX_WAIT  longest hold, in seconds, worth waiting for; a longer
                             hold drops the request (default 60)
    ROBOTSTXT_GATE_MAX_DEFERS how many times one request is deferred (default 5)

"admit": the request goes ahead. "drop": IgnoreRequest. "hold": the request
waits until the answer's retryAt (or 5 s) and asks again. When the service
cannot be reached, or answers something else, the request is dropped: never
fail open. After the download, a 429, 503 or 403 answer is reported to
/api/v1/target-status, which holds the origin for the whole fleet, and the
task's politeness lease, if any, is ended.

Enable it, and turn off Scrapy's own robots.txt handling (the service does it):

    DOWNLOADER_MIDDLEWARES = {"robotstxt_gate.RobotsTxtGateMiddleware": 100}
    ROBOTSTXT_OBEY = False
"""

import json
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone

from scrapy.exceptions import IgnoreRequest, NotConfigured
from twisted.internet import reactor, threads
from twisted.internet.task import deferLater

_LEASE = "robotstxt_gate_lease"
_DEFERS = "robotstxt_gate_defers"


class RobotsTxtGateMiddleware:
    def __init__(self, url, agent="", timeout=10.0, max_wait=60.0, max_defers=5, stats=None):
        self.url = url.rstrip("/")
        self.agent = agent
        self.timeout = timeout
        self.max_wait = max_wait
        self.max_defers = max_defers
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler):
        s = crawler.settings
        url = s.get("ROBOTSTXT_GATE_URL")
        if not url:
            raise NotConfigured("ROBOTSTXT_GATE_URL is not set")
        return cls(url, s.get("ROBOTSTXT_GATE_AGENT", ""), s.getfloat("ROBOTSTXT_GATE_TIMEOUT", 10.0),
                   s.getfloat("ROBOTSTXT_GATE_MAX_WAIT", 60.0), s.getint("ROBOTSTXT_GATE_MAX_DEFERS", 5),
                   crawler.stats)

    def _post(self, path, body):
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            return json.loads(resp.read(1 << 20))

    def decide(self, url):
        """Blocking: the service's answer for one URL (a dict)."""
        body = {"urls": [url]}
        if self.agent:
            body["agent"] = self.agent
        answer = self._post("/api/v1/decide", body)
        if not isinstance(answer, list) or len(answer) != 1 or not isinstance(answer[0], dict):
            raise ValueError("unexpected answer from the decision service")
        return answer[0]

    def _inc(self, key):
        if self.stats is not None:
            self.stats.inc_value("robotstxt_gate/" + key)

    async def process_request(self, request, spider):
        while True:
            try:
                ans = await threads.deferToThread(self.decide, request.url)
            except (OSError, ValueError, urllib.error.URLError) as e:
                self._inc("unavailable")
                raise IgnoreRequest("robotstxt gate unavailable (%s): not fetching %s" % (e, request.url))
            gate = ans.get("gate")
            if gate == "admit":
                self._inc("admit")
                if ans.get("lease"):
                    request.meta[_LEASE] = ans["lease"]
                return None
            if gate != "hold":
                self._inc("drop")
                reason = (ans.get("decision") or {}).get("reason") or ans.get("error") or "dropped"
                raise IgnoreRequest("robotstxt gate: %s: %s" % (request.url, reason))
            wait = 5.0
            if ans.get("retryAt"):
                until = datetime.strptime(ans["retryAt"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
                wait = max(0.1, until.timestamp() - time.time())
            defers = request.meta.get(_DEFERS, 0)
            if wait > self.max_wait or defers >= self.max_defers:
                self._inc("hold_dropped")
                raise IgnoreRequest("robotstxt gate: %s held for %.0fs" % (request.url, wait))
            request.meta[_DEFERS] = defers + 1
            self._inc("hold_deferred")
            await deferLater(reactor, wait, lambda: None)

    def process_response(self, request, response, spider):
        lease = request.meta.get(_LEASE, "")
        if lease or response.status in (403, 429, 503):
            body = {"url": request.url, "status": response.status, "lease": lease,
                    "retryAfter": response.headers.get("Retry-After", b"").decode("latin-1")}
            try:
                self._post("/api/v1/target-status", body)
            except (OSError, ValueError, urllib.error.URLError):
                self._inc("report_failed")
        return response
