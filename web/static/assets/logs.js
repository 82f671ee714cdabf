// "Did the crawlers obey?": an access log opened in the page (picked or
// dropped; nothing is uploaded) is read in the browser a piece at a time,
// gunzipped by the browser's DecompressionStream, and judged in the worker
// by the command line's code (packages logs, logcheck, verify) against the
// robots.txt in the editor: the per-crawler table of "robotstxt logs".

import { t, tr, num } from "./i18n.js";
import { takeFiles } from "./filedrop.js";
import { DOC, LOG } from "./state.js";
import { readCard } from "./reading.js";

// PIECE bytes go to the worker per call: the page stays responsive (each
// call is a message the worker answers) and the log is never held whole.
const PIECE = 1 << 20;
// Wait this long after the last edit of the robots.txt before the log is
// read again: the table is hidden at once, so no answer is stale.
const REREAD_DELAY = 600;
const COLUMNS = ["requests", "robotsFetches", "allowed", "violations", "verified", "spoofed", "unverifiable"];

export class LogCheck {
  // input returns what the editor holds (text or the file's bytes);
  // lineButton(line) a button that shows a line of the file; ps is the
  // page's state (state.js), where the table is the view "logs".
  constructor({ root, engine, input, ps, el, showError, lineButton }) {
    Object.assign(this, { root, engine, input, ps, el, showError, lineButton });
    this.file = null;
    this.res = null; // the report shown, of the document's version resRev
    this.resRev = -1;
    this.progress = null; // {name, read, size} while reading
    this.problem = null; // {key, params}
    this.timer = 0;
    this.q = (id) => root.querySelector(`#${id}`);
    takeFiles(this.q("logs-file"), this.q("logs-drop"), (f) => this.open(f));
    this.q("logs-format").addEventListener("change", () => {
      if (!this.file) return;
      ps.change(LOG);
      this.run();
    });
    // The table is about the text and the log (its format); it is hidden,
    // not greyed, when either changes, and the card is busy while the log
    // is read.
    ps.view("logs", {
      el: this.q("logs-body"), busyEl: root, greyEl: null, deps: [DOC, LOG],
      empty: () => !this.res, busy: () => !!this.progress,
    });
  }

  open(file) {
    this.file = file;
    this.ps.change(LOG);
    this.run();
  }

  // textChanged hides a table of an older robots.txt at once, and reads
  // the log again once the editing pauses.
  textChanged() {
    if (!this.file) return;
    clearTimeout(this.timer);
    if (this.res && !this.ps.current("logs")) {
      this.res = null;
      this.ps.supersede("logs"); // a read in progress is of the old text too
      this.progress = { name: this.file.name, read: 0, size: this.file.size, again: true };
      this.render();
    }
    this.ps.mark("logs");
    this.timer = setTimeout(() => this.run(), REREAD_DELAY);
  }

  // run reads the open log against the text as it is now. A reading that
  // a later one superseded stops, and its answer is dropped.
  async run() {
    const file = this.file;
    await readCard(this, "logs", { name: file.name, size: file.size }, async (current) => {
      let truncated = false;
      const start = await this.engine.call("logsStart", this.input(), this.q("logs-format").value);
      if (!current()) return undefined;
      this.lists = start.ipLists || [];
      this.reasons = start.reasons || {};
      const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
      const gzip = head.length === 2 && head[0] === 0x1f && head[1] === 0x8b;
      // Progress counts the file's bytes, before decompression.
      const progress = this.progress;
      const counted = file.stream().pipeThrough(new TransformStream({
        transform: (chunk, ctl) => { progress.read += chunk.byteLength; ctl.enqueue(chunk); },
      }));
      let stream = counted;
      if (gzip) {
        if (typeof DecompressionStream !== "function") {
          this.fail(current, { key: "logs.noGzip" });
          return undefined;
        }
        stream = counted.pipeThrough(new DecompressionStream("gzip"));
      }
      const reader = stream.getReader();
      let piece = new Uint8Array(PIECE);
      let used = 0;
      const send = async () => {
        if (!used) return;
        const p = await this.engine.call("logsFeed", piece.subarray(0, used));
        used = 0;
        if (current()) {
          this.progress.lines = p.lines;
          this.renderStatus();
        }
      };
      for (;;) {
        let chunk;
        try {
          const r = await reader.read();
          if (r.done) break;
          chunk = r.value;
        } catch (err) {
          // A truncated or corrupt gzip stream: what was read is judged,
          // and the report says the log ends early.
          truncated = true;
          break;
        }
        if (!current()) {
          reader.cancel();
          return undefined;
        }
        for (let off = 0; off < chunk.byteLength;) {
          const n = Math.min(PIECE - used, chunk.byteLength - off);
          piece.set(chunk.subarray(off, off + n), used);
          used += n;
          off += n;
          if (used === PIECE) await send();
          if (!current()) return undefined;
        }
      }
      await send();
      if (!current()) return undefined;
      const rep = await this.engine.call("logsEnd", truncated ? "truncated" : "");
      if (!current()) return undefined;
      this.truncated = truncated;
      return rep;
    });
  }

  fail(current, problem) {
    if (!current()) return;
    this.problem = problem;
    this.progress = null;
    this.render();
  }

  renderStatus() {
    const el = this.el;
    const status = this.q("logs-status");
    const p = this.progress;
    if (p) {
      const pct = p.size ? Math.min(100, Math.floor(p.read * 100 / p.size)) : 100;
      status.replaceChildren(tr(p.again ? "logs.readingAgain" : "logs.reading", { name: p.name, pct, lines: p.lines || 0 }));
    } else if (this.problem) {
      status.replaceChildren(el("span", { class: "warn", id: "logs-problem" }, tr(this.problem.key, this.problem.params)));
    } else if (this.res) {
      const r = this.res;
      const known = r.requests - r.otherRequests;
      status.replaceChildren(tr("logs.summary", { name: this.file.name, lines: r.log.lines, requests: r.requests, known, bad: r.log.bad }));
    } else {
      status.replaceChildren();
    }
  }

  render() {
    const el = this.el;
    const body = this.q("logs-body");
    body.dataset.rev = String(this.res ? this.resRev : -1);
    this.renderStatus();
    const r = this.res;
    if (!r) {
      body.replaceChildren();
      return;
    }
    const out = [];
    if (this.truncated) out.push(el("p", { class: "warn", id: "logs-truncated" }, tr("logs.truncated")));
    if (!r.crawlers.length) {
      out.push(el("p", { class: "muted", id: "logs-none", text: t("logs.none") }));
    } else {
      // The operator goes under the crawler's name: eight columns must
      // fit the page's right-hand pane.
      const head = el("tr", {}, el("th", { scope: "col", text: t("logs.col.crawler") }),
        ...COLUMNS.map((c) => el("th", { scope: "col", text: t(`logs.col.${c}`) })));
      const tbody = el("tbody");
      for (const c of r.crawlers) {
        tbody.append(el("tr", { "data-token": c.token },
          el("th", { scope: "row" }, el("code", { text: c.token }),
            c.operator ? el("span", { class: "operator", "data-col": "operator", text: c.operator }) : null),
          ...COLUMNS.map((col) => el("td", {
            "data-col": col, "data-label": t(`logs.col.${col}`), class: col === "violations" && c[col] ? "num bad" : "num",
            "data-n": String(c[col]), text: num(c[col]),
          }))));
      }
      out.push(el("div", { class: "table-wrap" }, el("table", { class: "logs stack", id: "logs-table" }, el("thead", {}, head), tbody)));
      out.push(...this.details(r));
    }
    out.push(el("p", { class: "small muted", id: "logs-identity" }, tr("logs.identity", { lists: this.listNames() })));
    if (r.log.bad) {
      // The reasons come in English; those the module names a kind of are
      // said in the page's language.
      const reason = (b) => (this.reasons && this.reasons[b.reason] ? t(`logs.reason.${this.reasons[b.reason]}`) : b.reason);
      const lines = (r.log.badLines || []).slice(0, 10).map((b) => `${b.line} (${reason(b)})`).join(", ");
      out.push(el("p", { class: "small warn", id: "logs-bad" }, tr("logs.badLines", { n: r.log.bad, lines })));
    }
    if (r.log.outOfOrder) out.push(el("p", { class: "small muted", id: "logs-order" }, tr("logs.outOfOrder", { n: r.log.outOfOrder })));
    body.replaceChildren(...out);
  }

  // details lists, per crawler, the rules its requests broke, with the
  // line, the count and example URLs, and where spoofed requests came from.
  details(r) {
    const el = this.el;
    const out = [];
    for (const c of r.crawlers) {
      const items = (c.violatedRules || []).map((v) => el("li", { "data-line": String(v.line) },
        el("code", { class: "rule", text: v.line ? `Disallow: ${v.rule}` : v.rule }), " ",
        v.line ? this.lineButton(v.line) : null, " ",
        el("span", { text: t("logs.ruleCount", { n: v.count }) }),
        el("ul", { class: "examples" }, ...(v.examples || []).map((u) => el("li", {}, el("code", { text: u }))))));
      const spoofed = c.spoofedAddresses && c.spoofedAddresses.length
        ? el("p", { class: "small", "data-spoofed": c.token }, tr("logs.spoofedFrom", { n: c.spoofed, addrs: c.spoofedAddresses.join(", ") })) : null;
      if (!items.length && !spoofed) continue;
      out.push(el("div", { class: "group logs-crawler", "data-token": c.token },
        el("h3", {}, el("code", { text: c.token }), " ", el("span", { class: "muted small", text: items.length ? t("logs.disallowedFetched") : "" })),
        items.length ? el("ul", { class: "diff-rules" }, ...items) : null, spoofed));
    }
    return out;
  }

  listNames() {
    const names = (this.lists || []).map((l) => `${l.operator} (${(l.created || "").slice(0, 10)})`);
    return [...new Set(names)].join(", ") || "—";
  }
}
