module github.com/robotstxt/robotstxt/bench

go 1.26.0

require github.com/robotstxt/robotstxt v0.0.0

require github.com/temoto/robotstxt v1.1.2

replace github.com/robotstxt/robotstxt => ../
