// Command emptyprog is an empty Go program: the start-up floor of the
// bench's start-up rows, against which "robotstxt version" is timed.
package main

func main() {}
