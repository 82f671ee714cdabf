// "What does the robots.txt do to my URLs?": a sitemap opened in the page
// (picked or dropped; nothing is uploaded), or fetched by the page's server
// when it runs "robotstxt serve --allow-fetch", is read in the worker by the
// command line's reader (package sitemap: XML, index, text, RSS, Atom,
// gzip by content) a piece at a time, and its URLs are checked for the
// crawlers of the page's table against the robots.txt in the editor: per
// crawler, the blocked URLs grouped by the rule that blocks them, as
// "robotstxt check --sitemap" counts them.
//
// The reading runs in the worker and asks for what it needs next: more of
// the file, a sitemap to fetch (the one given by URL, an index's), or it
// is done (web/wasm/sitemap.go). A file opened is read alone: an index's
// sitemaps are fetched only for an index given by URL, so that opening a
// file never makes the server fetch anything.

import { t, tr, num } from "./i18n.js";
import { takeFiles } from "./filedrop.js";
import { DOC, SET, MODE, SITEMAP } from "./state.js";
import { readCard } from "./reading.js";
import { errorMessage } from "./fetchsite.js";

// A message of the page's own that goes through the reader (why a sitemap
// could not be fetched or read) travels as its key and params, so that the
// page says it in its language, again after a change of language.
const OWN = /\[\[i18n:(\{.*\})\]\]/;

function pageMessage(m) {
  return `[[i18n:${JSON.stringify(m)}]]`;
}

// readerWords shows the reader's words about a problem: in English, as the
// reader says them, or the page's own message in the page's language.
function readerWords(message) {
  const span = document.createElement("span");
  span.className = "small";
  const own = OWN.exec(message);
  let m = null;
  try {
    m = own && JSON.parse(own[1]);
  } catch (err) {
    m = null;
  }
  if (m && typeof m.key === "string") {
    span.textContent = t(m.key, m.params || {});
  } else {
    span.lang = "en";
    span.textContent = message;
  }
  return span;
}

// PIECE bytes go to the worker per call: the page stays responsive and the
// sitemap is never held whole.
const PIECE = 1 << 20;
// Wait this long after the last edit before the sitemap is read again; the
// answer is hidden at once, so no answer is stale.
const REREAD_DELAY = 600;
// Fetched sitemaps are kept (as blobs) up to this many bytes in all, so
// that an edit of the robots.txt does not fetch them again.
const KEEP_BYTES = 64 << 20;
// The problem codes of package sitemap; each has a sitemaps.code.<code>.
const CODES = new Set(["fetch", "gzip", "too-large", "truncated", "too-many-urls", "too-many-sitemaps", "fetch-limit",
  "not-fetched", "nested-index", "format", "encoding", "bom", "utf8", "doctype", "entity", "xml", "missing-loc",
  "bad-loc", "loc-too-long", "cross-host", "outside-path", "bad-lastmod"]);

export class SitemapCheck {
  // input returns what the editor holds; ps the page's state (state.js),
  // where the answer is the view "sitemaps"; set and mode
  // the crawler table's; lineButton(line) a button that shows a line.
  constructor({ root, engine, input, ps, set, mode, el, showError, lineButton }) {
    Object.assign(this, { root, engine, input, ps, set, mode, el, showError, lineButton });
    this.source = null; // {file} or {url}
    this.canFetch = false;
    this.res = null; // the report shown, of the document's version resRev
    this.resRev = -1;
    this.progress = null; // {name, read, size, urls, again} while reading
    this.problem = null; // {key, params}: the reading could not run
    this.kept = new Map(); // url -> {blob} or {error}
    this.keptBytes = 0;
    this.timer = 0;
    this.q = (id) => root.querySelector(`#${id}`);
    takeFiles(this.q("sitemaps-file"), this.q("sitemaps-drop"), (f) => this.open({ file: f }));
    this.q("sitemaps-fetch").addEventListener("submit", (e) => {
      e.preventDefault();
      const url = this.q("sitemaps-url").value.trim();
      if (!url) return;
      this.kept.clear(); // a new fetch asked for: the site may have changed
      this.keptBytes = 0;
      this.open({ url });
    });
    // The answer is about the text, the crawler table's set, the
    // fallbacks and the sitemap; it is hidden, not greyed, when any
    // changes, and the card is busy while the sitemap is read.
    ps.view("sitemaps", {
      el: this.q("sitemaps-body"), busyEl: root, greyEl: null, deps: [DOC, SET, MODE, SITEMAP],
      empty: () => !this.res, busy: () => !!this.progress,
    });
    this.render();
  }

  // enableFetch shows the URL box: the page's server fetches sitemaps.
  enableFetch() {
    this.canFetch = true;
    this.q("sitemaps-fetch").hidden = false;
    this.render();
  }

  open(source) {
    this.source = source;
    this.ps.change(SITEMAP);
    this.run();
  }

  // textChanged hides an answer of an older text (or crawler table) at
  // once, and reads the sitemap again once the editing pauses.
  textChanged() {
    if (!this.source) return;
    clearTimeout(this.timer);
    if (this.res && this.ps.current("sitemaps")) return;
    if (this.res || this.progress) {
      this.res = null;
      this.ps.supersede("sitemaps"); // a reading in progress is of the old text too
      this.engine.call("sitemapCancel").catch(() => {});
      this.progress = { name: this.name(), read: 0, size: this.size(), urls: 0, again: true };
      this.render();
      this.ps.mark("sitemaps");
    }
    this.timer = setTimeout(() => this.run(), REREAD_DELAY);
  }

  name() {
    return this.source.file ? this.source.file.name : this.source.url;
  }

  size() {
    return this.source.file ? this.source.file.size : 0;
  }

  // run reads the sitemap against the text as it is now.
  async run() {
    const source = this.source;
    await readCard(this, "sitemaps", { name: this.name(), size: this.size(), urls: 0 }, async (current) => {
      let req = await this.engine.call("sitemapStart", this.input(), this.set(), this.mode(),
        source.file ? source.file.name : source.url, source.url ? "fetch" : "");
      // The file being fed: a reader of its bytes, and whether it counts
      // for the progress shown (the file opened does; fetched ones do not).
      let reader = source.file ? this.fileReader(source.file, true) : null;
      while (current() && req.want !== "done") {
        this.progress.urls = req.urls;
        if (req.want === "fetch") {
          if (reader) reader.cancel();
          reader = await this.fetchReader(req.url, current);
          if (!current()) return undefined;
          if (reader.error) {
            req = await this.engine.call("sitemapEnd", reader.error);
            reader = null;
            continue;
          }
        }
        const piece = reader ? await reader.next() : { end: true };
        if (!current()) {
          if (reader) reader.cancel();
          return undefined;
        }
        if (piece.error) req = await this.engine.call("sitemapEnd", piece.error);
        else if (piece.end) req = await this.engine.call("sitemapEnd", "");
        else req = await this.engine.call("sitemapFeed", piece.bytes);
        this.renderStatus();
      }
      if (reader) reader.cancel();
      return req.report;
    });
  }

  // fileReader reads a stream in pieces of at most PIECE bytes: next()
  // gives {bytes}, {end} or {error}.
  fileReader(file, counted) {
    return this.pieces(file.stream(), counted);
  }

  pieces(stream, counted) {
    const r = stream.getReader();
    const progress = this.progress;
    let rest = null;
    return {
      next: async () => {
        if (rest && rest.byteLength) {
          const out = rest.subarray(0, PIECE);
          rest = rest.subarray(out.byteLength);
          return { bytes: out };
        }
        try {
          const { done, value } = await r.read();
          if (done) return { end: true };
          if (counted) progress.read += value.byteLength;
          rest = value.subarray(Math.min(PIECE, value.byteLength));
          return { bytes: value.subarray(0, PIECE) };
        } catch (err) {
          // Said in the page's language: the browser's words may not be.
          return { error: pageMessage({ key: "sitemaps.readFailed" }) };
        }
      },
      cancel: () => { r.cancel().catch(() => {}); },
    };
  }

  // fetchReader has the page's server fetch a sitemap (or takes it from
  // the ones kept): a reader as fileReader's, or {error}.
  async fetchReader(url, current) {
    const kept = this.kept.get(url);
    if (kept) return kept.error ? { error: kept.error } : this.pieces(kept.blob.stream(), false);
    this.progress.fetching = url;
    this.renderStatus();
    let resp;
    try {
      resp = await fetch(new URL("api/v1/sitemap", document.baseURI), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url }),
      });
    } catch (err) {
      // The page's own server did not answer.
      return { error: pageMessage({ key: "fetch.error.network" }) };
    } finally {
      if (this.progress) this.progress.fetching = "";
    }
    if (!resp.ok) {
      let body = null;
      try {
        body = await resp.json();
      } catch (err) {
        // Not JSON: the status says it.
      }
      // Said in the page's language (the server answers a code).
      const error = pageMessage(errorMessage(body, resp.status));
      if (current()) this.kept.set(url, { error });
      return { error };
    }
    // Keep the body while it fits, so that an edit reads it again from here.
    const chunks = [];
    let size = 0;
    let keeping = true;
    const keep = new TransformStream({
      transform: (chunk, ctl) => {
        if (keeping && this.keptBytes + size + chunk.byteLength <= KEEP_BYTES) {
          chunks.push(chunk);
          size += chunk.byteLength;
        } else {
          keeping = false;
          chunks.length = 0;
        }
        ctl.enqueue(chunk);
      },
      flush: () => {
        if (keeping && current()) {
          this.kept.set(url, { blob: new Blob(chunks) });
          this.keptBytes += size;
        }
      },
    });
    return this.pieces(resp.body.pipeThrough(keep), false);
  }

  renderStatus() {
    const status = this.q("sitemaps-status");
    const p = this.progress;
    if (p) {
      const params = { name: p.name, urls: p.urls || 0 };
      let key = p.again ? "sitemaps.readingAgain" : "sitemaps.reading";
      if (p.fetching) {
        key = "sitemaps.fetching";
        params.url = p.fetching;
      }
      status.replaceChildren(tr(key, params));
    } else if (this.problem) {
      status.replaceChildren(this.el("span", { class: "warn" }, tr(this.problem.key, this.problem.params)));
    } else if (this.res) {
      status.replaceChildren(tr("sitemaps.summary", { name: this.name(), urls: this.res.urls, sitemaps: this.res.sitemaps }));
    } else {
      status.replaceChildren();
    }
  }

  render() {
    const el = this.el;
    this.q("sitemaps-nofetch").hidden = this.canFetch;
    const body = this.q("sitemaps-body");
    body.dataset.rev = String(this.res ? this.resRev : -1);
    this.renderStatus();
    const r = this.res;
    if (!r) {
      body.replaceChildren();
      return;
    }
    const out = [];
    // Crawlers whose URLs fall in the same groups (most follow "*") share
    // a row and a list, headed by their names.
    const blocks = new Map();
    for (const c of r.crawlers) {
      const k = JSON.stringify(c.groups.map((g) => [g.count, g.reason, g.rule && g.rule.line, g.examples]));
      if (!blocks.has(k)) blocks.set(k, { crawlers: [], groups: c.groups, blocked: c.blocked });
      blocks.get(k).crawlers.push(c.token);
    }
    const names = (crawlers) => crawlers.flatMap((tok, i) => [i ? ", " : null, el("code", { text: tok })]).filter(Boolean);
    const head = el("tr", {}, el("th", { scope: "col", text: t("sitemaps.col.crawler") }),
      el("th", { scope: "col", text: t("sitemaps.col.blocked") }));
    const tbody = el("tbody");
    for (const { crawlers, blocked } of blocks.values()) {
      tbody.append(el("tr", { "data-tokens": crawlers.join(" ") },
        el("th", { scope: "row" }, ...names(crawlers)),
        el("td", { class: blocked ? "num bad" : "num", "data-n": String(blocked), "data-label": t("sitemaps.col.blocked"),
          text: t("sitemaps.ofURLs", { n: num(blocked), total: num(r.urls) }) })));
    }
    out.push(el("div", { class: "table-wrap" }, el("table", { class: "logs stack sitemaps", id: "sitemaps-table" }, el("thead", {}, head), tbody)));
    for (const { crawlers, groups, blocked } of blocks.values()) {
      if (!blocked) continue;
      const one = crawlers.length === 1;
      const items = groups.map((g) => el("li", { "data-line": String(g.rule ? g.rule.line : 0), "data-n": String(g.count) },
        el("span", { class: "group-count" }, tr(`sitemaps.${g.rule ? "groupRule" : "groupReason"}${one ? "" : "Each"}`, {
          n: g.count, agent: crawlers[0], line: String(g.rule ? g.rule.line : 0), reason: t(`matrix.reason.${g.reason}`),
        })), " ",
        g.rule ? el("code", { class: "rule", text: `${g.rule.kind === "allow" ? "Allow" : "Disallow"}: ${g.shown || g.rule.pattern}` }) : null, " ",
        g.rule ? this.lineButton(g.rule.line) : null,
        el("ul", { class: "examples" }, ...g.examples.map((u) => el("li", {}, el("code", { text: u }))),
          g.count > g.examples.length ? el("li", { class: "muted", text: t("sitemaps.more", { n: g.count - g.examples.length }) }) : null)));
      out.push(el("div", { class: "group logs-crawler sitemap-crawler", "data-tokens": crawlers.join(" ") },
        el("h3", {}, ...names(crawlers)),
        el("ul", { class: "diff-rules" }, ...items)));
    }
    if (!r.urls) out.push(el("p", { class: "muted", id: "sitemaps-none", text: t("sitemaps.none") }));
    out.push(...this.problems(r));
    body.replaceChildren(...out);
  }

  // problems lists what is wrong with the sitemaps: a label in the page's
  // language, where, and the reader's own words (English) beside it.
  problems(r) {
    const el = this.el;
    if (!r.problems.length) return [];
    const out = [];
    if (r.problems.some((p) => p.code === "not-fetched")) {
      out.push(el("p", { class: "warn", id: "sitemaps-index" }, tr(this.canFetch ? "sitemaps.indexFile" : "sitemaps.indexNoFetch")));
    }
    const items = r.problems.map((p) => el("li", { "data-code": p.code, class: p.stops ? "bad" : "" },
      el("strong", { text: CODES.has(p.code) ? t(`sitemaps.code.${p.code}`) : p.code }), " ",
      el("span", { class: "muted", text: p.line ? t("sitemaps.where", { sitemap: p.sitemap, line: String(p.line) }) : p.sitemap }), " ",
      // The reader's own words are English; a message of the page's own
      // (a fetch that failed) is said in the page's language.
      readerWords(p.message),
      p.more ? el("span", { class: "small muted", text: " " + t("sitemaps.moreProblems", { n: p.more }) }) : null));
    out.push(el("div", { class: "group", id: "sitemaps-problems" },
      el("h3", { text: t("sitemaps.problems", { n: r.problems.length + (r.omitted || 0) }) }), el("ul", {}, ...items)));
    return out;
  }
}
