module github.com/robotstxt/robotstxt

go 1.26
