"""Scrapy with ROBOTSTXT_OBEY: follows every link from the start URL.

The settings are Scrapy's defaults but for the few a test run needs (a 5 s
download timeout instead of 180 s, a depth limit, quiet logs); robots.txt is
Scrapy's own RobotsTxtMiddleware (Protego), asked with the User-Agent given
by -s USER_AGENT.

usage: scrapy runspider scrapy_spider.py -a start=URL -s USER_AGENT=...
"""

import scrapy
from scrapy.linkextractors import LinkExtractor


class ConformSpider(scrapy.Spider):
    name = "conform"
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "DOWNLOAD_TIMEOUT": 5,
        "DEPTH_LIMIT": 3,
        "LOG_LEVEL": "ERROR",
        "TELNETCONSOLE_ENABLED": False,
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }

    def __init__(self, start, **kw):
        super().__init__(**kw)
        self.start_urls = [start]
        # No extension skipped: /files/report.pdf is a probe.
        self.links = LinkExtractor(deny_extensions=[])

    def parse(self, response):
        if not hasattr(response, "text"):
            return
        for link in self.links.extract_links(response):
            yield scrapy.Request(link.url, callback=self.parse)
