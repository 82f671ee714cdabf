# A spider that follows every link of the site given as -a start=URL, and
# of the other origins given as -a also=URL,URL.
import scrapy


class SiteSpider(scrapy.Spider):
    name = "site"

    def __init__(self, start, also="", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.start_urls = [start]
        self.prefixes = [start.rstrip("/")] + [a.rstrip("/") for a in also.split(",") if a]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            url = response.urljoin(href)
            if any(url.startswith(p) for p in self.prefixes):
                yield scrapy.Request(url, callback=self.parse)
