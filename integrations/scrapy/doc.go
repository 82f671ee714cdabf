// Package scrapy holds the Scrapy downloader middleware
// (robotstxt_gate.py) that asks a "robotstxt serve --gate" decision service
// before every request, and the integration test that runs a real Scrapy
// crawl through it against a loopback site. There is no Go API here.
package scrapy
