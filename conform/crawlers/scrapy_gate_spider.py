"""Scrapy with ours in front: every request asked of a decision service
("robotstxt serve --gate", at -s ROBOTSTXT_GATE_URL=...) through the
downloader middleware of integrations/scrapy (robotstxt_gate.py), in place of
Scrapy's own robots.txt handling (ROBOTSTXT_OBEY off). Otherwise as
scrapy_spider.py: follows every link from the start URL.

The waits are shorter than the middleware's defaults, so that a request held
for an unreachable robots.txt is given up within the run (the site's
robots.txt that never answers holds its origin for good): at most 4 waits of
at most 2 s.

usage: scrapy runspider scrapy_gate_spider.py -a start=URL \
         -s ROBOTSTXT_GATE_URL=http://127.0.0.1:PORT -s USER_AGENT=...
"""

import os
import sys

# The crawl of scrapy_spider.py, beside this file (runspider puts this
# file's folder first on sys.path while it imports it).
from scrapy_spider import ConformSpider

# Appended: runspider removes the first entry of sys.path after the import.
sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "integrations", "scrapy"))


class ConformGateSpider(ConformSpider):
    """The same crawl as scrapy_spider.py's, robots.txt asked of the gate."""

    name = "conform-gate"
    custom_settings = {
        **ConformSpider.custom_settings,
        "ROBOTSTXT_OBEY": False,
        "DOWNLOADER_MIDDLEWARES": {"robotstxt_gate.RobotsTxtGateMiddleware": 555},
        "ROBOTSTXT_GATE_MAX_WAIT": 2,
        "ROBOTSTXT_GATE_MAX_DEFERS": 4,
    }
