"""Scrapy downloader middleware that asks a robotstxt decision service
("robotstxt serve --gate") before every request.

Settings:
    ROBOTSTXT_GATE_URL       the service, e.g. "http://127.0.0.1:8080" (required)
    ROBOTSTXT_GATE_AGENT     product token to decide for (default: the service's --agent)
    ROBOTSTXT_GATE_TIMEOUT   seconds to wait for the service's answer (default 80:
                             the service answers within its decide deadline, 70 s
                             with serve's default --fetch-timeout of 1m, a hold
                             for what is still being fetched; keep it above
                             --fetch-timeout x 1.1 + 4 s + 10 s)
    ROBOTSTXT_GATE_MAX_WAIT  longest wait, in seconds, before asking again (default 60)
    ROBOTSTXT_GATE_MAX_DEFERS how many holds of its origin one request waits out
                             before it is given up, loudly (default 5); waits for
                             the fleet itself are not counted
    ROBOTSTXT_GATE_TOKEN     bearer token of the service (serve --gate-token-file)

"admit": the request goes ahead. "drop": IgnoreRequest. "hold": the request
waits until the answer's retryAt (or 5 s), at most MAX_WAIT, and asks again.
When the service cannot be reached, times out or answers 5xx, the request
waits (1 s, 2 s, 4 s ... up to MAX_WAIT) and asks again: never fail open.
The same for a hold that says the fleet is unavailable (its Redis down or
settling: "politeness: the fleet's holds and limits cannot be read") or
that the service could not decide now ("not decided: ..."): a routine
outage is no reason to abandon a URL, so these waits have no limit (stat
robotstxt_gate/fleet_unavailable; bound a crawl with Scrapy's
CLOSESPIDER_TIMEOUT: a request still waiting when the spider closes is
given up, loudly). A request that has waited out MAX_DEFERS holds of
its origin (a target's 429, robots.txt unreachable, politeness limits) is
given up with an ERROR log line and the stat robotstxt_gate/gave_up, never
silently.

After the download, a 429, 503 or 403 answer is reported to
/api/v1/target-status, which holds the origin for the whole fleet, and the
request goes back through the gate (which holds it for the Retry-After)
instead of on to Scrapy's RetryMiddleware, which would re-send it at once.
For that the middleware must sit after RetryMiddleware (550): its
process_response then runs first. It refuses to start otherwise.

Enable it, and turn off Scrapy's own robots.txt handling (the service does it):

    DOWNLOADER_MIDDLEWARES = {"robotstxt_gate.RobotsTxtGateMiddleware": 555}
    ROBOTSTXT_OBEY = False
"""

import json
import logging
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone

from scrapy.exceptions import IgnoreRequest, NotConfigured
from twisted.internet import reactor, threads
from twisted.internet.task import deferLater

_LEASE = "robotstxt_gate_lease"
_DEFERS = "robotstxt_gate_defers"
_REPORTED = "robotstxt_gate_reported"
_RETRY = "scrapy.downloadermiddlewares.retry.RetryMiddleware"

logger = logging.getLogger(__name__)


class ServiceTrouble(Exception):
    """The decision service did not answer usefully (5xx, bad answer)."""


# Holds that say nothing of the URL's origin: the fleet's shared state
# cannot be read (Redis down or settling), or the service could not decide
# now (its answer or memory budget was spent).
_FLEET_UNAVAILABLE = "politeness: the fleet's holds and limits cannot be read"
_NOT_DECIDED = "not decided: "


def fleet_unavailable(ans):
    """Whether a hold says the fleet, not the origin, is unavailable."""
    if (ans.get("error") or "").startswith(_NOT_DECIDED):
        return True
    return _FLEET_UNAVAILABLE in ((ans.get("decision") or {}).get("reason") or "")


class RobotsTxtGateMiddleware:
    def __init__(self, url, agent="", timeout=80.0, max_wait=60.0, max_defers=5, stats=None, token=""):
        self.url = url.rstrip("/")
        self.token = token
        self.agent = agent
        self.timeout = timeout
        self.max_wait = max_wait
        self.max_defers = max_defers
        self.stats = stats
        self.crawler = None

    @classmethod
    def from_crawler(cls, crawler):
        s = crawler.settings
        url = s.get("ROBOTSTXT_GATE_URL")
        if not url:
            raise NotConfigured("ROBOTSTXT_GATE_URL is not set")
        mws = s.getwithbase("DOWNLOADER_MIDDLEWARES")
        mine = [v for k, v in mws.items() if isinstance(k, str) and k.endswith("RobotsTxtGateMiddleware")]
        retry = mws.get(_RETRY)
        if mine and retry is not None and s.getbool("RETRY_ENABLED", True) and mine[0] is not None and mine[0] <= retry:
            # Politeness first: a 503 or 429 must reach the gate before
            # RetryMiddleware re-sends it. Refusing to start is safer than
            # running without the gate.
            raise ValueError("RobotsTxtGateMiddleware must come after RetryMiddleware (%s): set its order above %s, "
                             "e.g. 555" % (retry, retry))
        mw = cls(url, s.get("ROBOTSTXT_GATE_AGENT", ""), s.getfloat("ROBOTSTXT_GATE_TIMEOUT", 80.0),
                 s.getfloat("ROBOTSTXT_GATE_MAX_WAIT", 60.0), s.getint("ROBOTSTXT_GATE_MAX_DEFERS", 5),
                 crawler.stats, s.get("ROBOTSTXT_GATE_TOKEN", ""))
        mw.crawler = crawler
        return mw

    def _post(self, path, body):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return json.loads(resp.read(16 << 20))
        except urllib.error.HTTPError as e:
            if e.code >= 500 or e.code == 429:
                raise ServiceTrouble("the decision service answered %d" % e.code) from e
            raise

    def decide(self, url):
        """Blocking: the service's answer for one URL (a dict)."""
        body = {"urls": [url]}
        if self.agent:
            body["agent"] = self.agent
        answer = self._post("/api/v1/decide", body)
        if not isinstance(answer, list) or len(answer) != 1 or not isinstance(answer[0], dict):
            raise ServiceTrouble("unexpected answer from the decision service")
        return answer[0]

    def _closing(self):
        """Whether the engine is closing the spider (it waits for the
        requests in the downloader, so a request waiting for the fleet
        would keep it open for ever)."""
        engine = getattr(self.crawler, "engine", None) if self.crawler else None
        slot = getattr(engine, "slot", None) or getattr(engine, "_slot", None)
        return bool(slot is not None and getattr(slot, "closing", None) is not None) or (
            engine is not None and not getattr(engine, "running", True))

    def _inc(self, key):
        if self.stats is not None:
            self.stats.inc_value("robotstxt_gate/" + key)

    async def process_request(self, request, spider):
        trouble = 0
        while True:
            try:
                ans = await threads.deferToThread(self.decide, request.url)
            except urllib.error.HTTPError as e:
                # 4xx: the service refuses this request (bad URL, token):
                # waiting will not help.
                self._inc("refused")
                raise IgnoreRequest("robotstxt gate refused %s: %s" % (request.url, e))
            except (OSError, ValueError, ServiceTrouble, urllib.error.URLError) as e:
                # The service itself is in trouble: never fail open, but
                # wait and ask again rather than lose the request.
                self._inc("unavailable")
                wait = min(self.max_wait, 2.0 ** trouble)
                trouble += 1
                await self._wait(request, wait, "robotstxt gate unavailable (%s)" % e, counted=False)
                continue
            trouble = 0
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
            if fleet_unavailable(ans):
                self._inc("fleet_unavailable")
                await self._wait(request, min(wait, self.max_wait), "the fleet is unavailable", counted=False)
                continue
            self._inc("hold_deferred")
            await self._wait(request, min(wait, self.max_wait), "held for %.0fs" % wait)

    async def _wait(self, request, wait, why, counted=True):
        """Waits before asking again, or gives the request up, loudly,
        after max_defers counted waits (the holds of its origin)."""
        if not counted:
            if self._closing():
                # The crawl is ending (CLOSESPIDER_TIMEOUT, a stop): the
                # request cannot wait for the fleet any longer.
                self._inc("gave_up")
                logger.error("robotstxt gate: giving up %s: the spider is closing (%s); it was not fetched", request.url, why)
                raise IgnoreRequest("robotstxt gate: gave up %s: the spider is closing (%s)" % (request.url, why))
            await deferLater(reactor, wait, lambda: None)
            return
        defers = request.meta.get(_DEFERS, 0)
        if defers >= self.max_defers:
            self._inc("gave_up")
            logger.error("robotstxt gate: giving up %s after %d waits (%s); it was not fetched", request.url, defers, why)
            raise IgnoreRequest("robotstxt gate: gave up %s after %d waits (%s)" % (request.url, defers, why))
        request.meta[_DEFERS] = defers + 1
        await deferLater(reactor, wait, lambda: None)

    def process_response(self, request, response, spider):
        lease = request.meta.get(_LEASE, "")
        if lease or response.status in (403, 429, 503):
            body = {"url": request.url, "status": response.status, "lease": lease,
                    "retryAfter": response.headers.get("Retry-After", b"").decode("latin-1")}
            try:
                self._post("/api/v1/target-status", body)
            except (OSError, ValueError, ServiceTrouble, urllib.error.URLError):
                self._inc("report_failed")
        if response.status in (429, 503) and not request.meta.get(_REPORTED):
            # Back through the gate, which holds the origin for its
            # Retry-After, rather than on to RetryMiddleware, which would
            # re-send it at once. Once: a second such answer goes on.
            self._inc("target_held")
            meta = dict(request.meta)
            meta.pop(_LEASE, None)
            meta[_REPORTED] = True
            return request.replace(dont_filter=True, meta=meta)
        return response
