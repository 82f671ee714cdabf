// Package textsafe makes untrusted text safe to print on a terminal: a
// robots.txt, a URL or a crawler name from a stranger must not clear the
// screen, set the window title or move the cursor.
package textsafe
