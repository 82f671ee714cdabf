# A spider that follows every link of the site given as -a start=URL.
import scrapy


class SiteSpider(scrapy.Spider):
    name = "site"

    def __init__(self, start, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.start_urls = [start]
        self.prefix = start.rstrip("/")

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            url = response.urljoin(href)
            if url.startswith(self.prefix):
                yield scrapy.Request(url, callback=self.parse)
