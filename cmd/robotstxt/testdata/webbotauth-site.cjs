// A loopback site that verifies every request with Cloudflare's
// web-bot-auth (npm), for the signing tests of the crawler-side commands.
// NODE_PATH names the node_modules folder that holds it; argv[2] is the
// public JWK of the crawler's key. It listens on two ports of 127.0.0.1
// (two authorities): "a" redirects /robots.txt to "b", and "b" serves the
// file; /page is an HTML page with an image (/img) from "b". A request that
// does not verify gets 401, as pay per crawl's strong authentication
// gives. GET /__log on either lists every
// verification: [{authority, path, ok, error}]. The ports are printed as
// one JSON line {"a": port, "b": port}.
const http = require("http");
const wba = require("web-bot-auth");
const { verifierFromJWK } = require("web-bot-auth/crypto");

const jwk = JSON.parse(process.argv[2]);
const log = [];
const ports = {};

async function verified(req) {
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(", ") : v;
  const message = { method: req.method, url: "http://" + req.headers.host + req.url, headers };
  try {
    if (!headers["signature"]) throw new Error("unsigned");
    await wba.verify(message, await verifierFromJWK(jwk));
    log.push({ authority: req.headers.host, path: req.url, ok: true });
    return true;
  } catch (e) {
    log.push({ authority: req.headers.host, path: req.url, ok: false, error: String(e) });
    return false;
  }
}

function site(name) {
  return http.createServer(async (req, res) => {
    if (req.url === "/__log") {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(log));
      return;
    }
    if (!(await verified(req))) {
      res.statusCode = 401;
      res.end("signature required\n");
      return;
    }
    if (name === "a" && req.url === "/robots.txt") {
      res.statusCode = 301;
      res.setHeader("Location", "http://127.0.0.1:" + ports.b + "/robots.txt");
      res.end();
      return;
    }
    if (req.url === "/page") {
      // For browse: a page with an image from the other authority.
      res.setHeader("Content-Type", "text/html");
      res.end('<!doctype html><link rel="icon" href="data:,"><title>signed</title><img src="http://127.0.0.1:' + ports.b + '/img">');
      return;
    }
    if (req.url === "/img") {
      res.setHeader("Content-Type", "image/gif");
      res.end(Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"));
      return;
    }
    if (req.url === "/robots.txt") {
      res.setHeader("Content-Type", "text/plain");
      res.end("User-agent: *\nDisallow: /private/\n");
      return;
    }
    res.statusCode = 404;
    res.end();
  });
}

const a = site("a");
const b = site("b");
a.listen(0, "127.0.0.1", () => {
  b.listen(0, "127.0.0.1", () => {
    ports.a = a.address().port;
    ports.b = b.address().port;
    process.stdout.write(JSON.stringify(ports) + "\n");
  });
});
