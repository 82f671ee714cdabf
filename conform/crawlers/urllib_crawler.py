#!/usr/bin/python3
"""A crawler on Python's urllib.robotparser, as its documentation shows it.

Breadth-first from the start URL, every link followed. Each origin's
robots.txt is read once with RobotFileParser.read() (which fetches it with
urllib's own User-Agent and decides what 401, 403 and other 4xx mean); a URL
is fetched when can_fetch(agent, url) says so, and the origin's
crawl_delay(agent) is slept between its requests. A robots.txt that cannot
be read (an exception) leaves its origin's URLs unfetched.

usage: urllib_crawler.py START_URL AGENT
"""

import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import urllib.robotparser
from html.parser import HTMLParser

MAX_PAGES = 500


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            for k, v in attrs:
                if k == "href" and v:
                    self.hrefs.append(v)


def main():
    start, agent = sys.argv[1], sys.argv[2]
    ua = agent + "/1.0"
    socket.setdefaulttimeout(5)
    robots, last = {}, {}
    queue, seen = [start], {start}
    pages = 0
    while queue and pages < MAX_PAGES:
        url = queue.pop(0)
        parts = urllib.parse.urlsplit(url)
        origin = parts.scheme + "://" + parts.netloc
        if origin not in robots:
            rp = urllib.robotparser.RobotFileParser(origin + "/robots.txt")
            try:
                rp.read()
            except Exception:
                rp = None
            robots[origin] = rp
        rp = robots[origin]
        if rp is None or not rp.can_fetch(agent, url):
            continue
        delay = rp.crawl_delay(agent)
        if delay and origin in last:
            time.sleep(max(0, float(delay) - (time.monotonic() - last[origin])))
        last[origin] = time.monotonic()
        pages += 1
        try:
            req = urllib.request.Request(url, headers={"User-Agent": ua})
            with urllib.request.urlopen(req) as resp:
                if "html" not in resp.headers.get("Content-Type", ""):
                    continue
                body = resp.read(1 << 20).decode("utf-8", "replace")
        except (urllib.error.URLError, OSError, ValueError):
            continue
        p = Links()
        p.feed(body)
        for href in p.hrefs:
            u = urllib.parse.urljoin(url, href).split("#")[0]
            if u.startswith("http") and u not in seen:
                seen.add(u)
                queue.append(u)


if __name__ == "__main__":
    main()
