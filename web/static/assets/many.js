// "Test many URLs": a pasted list of URLs or paths, checked for several
// crawlers at once by the analyser in the worker (one call for the whole
// list), shown as a filterable table and downloadable as CSV.

import { t, tr } from "./i18n.js";
import { download, encode } from "./source.js";

// Rows laid out at once; the rest on demand (the CSV has them all).
const SHOWN = 300;
const DEFAULT_AGENTS = ["Googlebot", "Bingbot", "GPTBot"];

export class ManyURLs {
  constructor({ root, engine, input, mode, rev, el, showError }) {
    this.root = root;
    this.mode = mode;
    this.rev = rev;
    this.ranRev = -1;
    this.engine = engine;
    this.input = input;
    this.el = el;
    this.showError = showError;
    this.res = null;
    this.shown = SHOWN;
    this.seq = 0;
    this.q = (id) => root.querySelector(`#${id}`);
    if (!this.q("many-agents").value) this.q("many-agents").value = DEFAULT_AGENTS.join("\n");
    this.q("many-run").addEventListener("click", () => this.run());
    this.q("many-urls").addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    this.q("many-filter").addEventListener("change", () => { this.shown = SHOWN; this.render(); });
    this.q("many-search").addEventListener("input", () => { this.shown = SHOWN; this.render(); });
    this.q("many-csv").addEventListener("click", () => this.downloadCSV());
  }

  // run checks the list against the text as it is now.
  async run() {
    const agents = this.q("many-agents").value;
    const urls = this.q("many-urls").value;
    const seq = ++this.seq;
    this.ranRev = this.rev();
    this.root.setAttribute("aria-busy", "true");
    try {
      const res = await this.engine.call("checkMany", this.input(), agents, urls, this.mode());
      if (seq !== this.seq) return;
      this.res = res;
      this.shown = SHOWN;
      this.render();
    } catch (err) {
      if (seq === this.seq) this.showError(err);
    } finally {
      if (seq === this.seq) this.root.removeAttribute("aria-busy");
    }
  }

  // refresh runs the list again after the robots.txt text changed, if a
  // table is shown.
  refresh() {
    if (this.res && this.rev() !== this.ranRev) this.run();
  }

  // lists returns the crawlers and URLs as typed, one per line.
  lists() {
    return { agents: this.q("many-agents").value, urls: this.q("many-urls").value };
  }

  // rerun runs the list again, if a table is shown.
  rerun() {
    if (this.res) this.run();
  }

  filtered() {
    const mode = this.q("many-filter").value;
    const needle = this.q("many-search").value.trim().toLowerCase();
    return this.res.rows.filter((r) => {
      if (needle && !r.url.toLowerCase().includes(needle)) return false;
      const blocked = r.v.filter((v) => !v.a).length;
      switch (mode) {
        case "blocked": return blocked > 0;
        case "allowed": return blocked === 0;
        case "differ": return blocked > 0 && blocked < r.v.length;
      }
      return true;
    });
  }

  render() {
    const el = this.el;
    const res = this.res;
    const body = this.q("many-body");
    this.q("many-csv").disabled = !res;
    if (!res) {
      body.replaceChildren();
      this.q("many-summary").replaceChildren();
      return;
    }
    const rows = this.filtered();
    const blocked = res.rows.filter((r) => r.v.some((v) => !v.a)).length;
    this.q("many-summary").replaceChildren(tr("many.summary", { n: res.rows.length, blocked, shown: rows.length }));
    if (!res.rows.length) {
      body.replaceChildren(el("p", { class: "muted", text: t("many.none") }));
      return;
    }
    const head = el("tr", {}, el("th", { scope: "col", text: t("many.url") }),
      ...res.agents.map((a) => el("th", { scope: "col" }, el("code", { text: a }))));
    const tbody = el("tbody");
    for (const r of rows.slice(0, this.shown)) {
      tbody.append(el("tr", { "data-url": r.url },
        el("th", { scope: "row" }, el("code", { text: r.url }),
          r.note ? el("span", { class: "route", text: t(`many.note.${r.note}`, { path: r.path }) }) : null),
        ...r.v.map((v, i) => el("td", { "data-agent": res.agents[i], "data-label": res.agents[i], "data-allowed": String(v.a) },
          el("span", { class: `badge ${v.a ? "allowed" : "disallowed"}`, text: t(v.a ? "verdict.allowed" : "verdict.disallowed") }),
          " ", v.l ? el("span", { class: "small", title: res.rules[v.l] }, t("line.n", { n: String(v.l) })) : el("span", { class: "small muted", text: t(`matrix.reason.${v.r}`) })))));
    }
    const out = [el("div", { class: "table-wrap" }, el("table", { class: "many stack" }, el("thead", {}, head), tbody))];
    if (rows.length > this.shown) {
      out.push(el("button", {
        type: "button", class: "button small more", text: t("many.more", { n: rows.length - this.shown }),
        onclick: () => { this.shown = Infinity; this.render(); },
      }));
    }
    body.replaceChildren(...out);
  }

  // csv is the whole result, filtered as shown: one line per URL and
  // crawler.
  csv() {
    const cell = (s) => {
      s = String(s);
      // A spreadsheet would run a cell that starts with = + - @ as a formula.
      if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const lines = [["url", "path", "crawler", "verdict", "line", "rule", "reason"].join(",")];
    for (const r of this.filtered()) {
      r.v.forEach((v, i) => {
        lines.push([r.url, r.path, this.res.agents[i], v.a ? "allowed" : "disallowed", v.l || "", v.l ? this.res.rules[v.l] : "", v.r].map(cell).join(","));
      });
    }
    return lines.join("\r\n") + "\r\n";
  }

  downloadCSV() {
    if (this.res) download(encode(this.csv()), "robots-verdicts.csv", "text/csv");
  }
}
