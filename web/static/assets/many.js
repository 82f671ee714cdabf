// "Test many URLs": a pasted list of URLs or paths, checked for several
// crawlers at once by the analyser in the worker (one call for the whole
// list), shown as a filterable table and downloadable as CSV.

import { t, tr } from "./i18n.js";
import { download, encode } from "./source.js";
import { DOC, MODE, LISTS } from "./state.js";

// Rows laid out at once; the rest on demand (the CSV has them all), CHUNK
// rows per task, so that showing 10,000 rows never freezes the page.
const SHOWN = 300;
const CHUNK = 200;
const DEFAULT_AGENTS = ["Googlebot", "Bingbot", "GPTBot"];
// Wait this long after the last change of the text or of the lists before
// the table is computed again (it is greyed meanwhile).
const RERUN_DELAY = 300;

export class ManyURLs {
  // limits returns {maxURLs, maxAgents}, the module's bounds, or null;
  // lineButton(line, label) makes a button that shows a line of the file;
  // ps is the page's state (state.js), where the table is the view "many",
  // and changed(LISTS) reports an edit of the lists.
  constructor({ root, engine, input, mode, ps, changed, el, showError, limits, lineButton }) {
    this.root = root;
    this.limits = limits;
    this.lineButton = lineButton;
    this.problem = null; // {key, params}: why the list was not checked
    this.mode = mode;
    this.ps = ps;
    this.resRev = -1; // the document's version the table shown is about
    this.laying = false; // rows are being laid out
    this.timer = 0;
    this.engine = engine;
    this.input = input;
    this.el = el;
    this.showError = showError;
    this.res = null;
    this.shown = SHOWN;
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
    for (const id of ["many-agents", "many-urls"]) this.q(id).addEventListener("input", () => changed(LISTS));
    // The table is about the text, the lists and the fallbacks: greyed
    // (aria-busy on the card) from a change of any until its new answer.
    ps.view("many", {
      el: this.q("many-body"), busyEl: root, deps: [DOC, MODE, LISTS],
      empty: () => !this.res, busy: () => this.laying, redo: () => this.changed(),
    });
  }

  // run checks the list against the text as it is now.
  // An answer of a run that a later one superseded is dropped.
  async run() {
    clearTimeout(this.timer);
    const agents = this.q("many-agents").value;
    const urls = this.q("many-urls").value;
    const ticket = this.ps.request("many");
    this.problem = listProblem(agents, urls, this.limits(), true);
    if (this.problem) {
      this.res = null;
      this.resRev = ticket.doc;
      this.render();
      this.ps.shows("many", ticket);
      return;
    }
    try {
      const res = await this.engine.call("checkMany", this.input(), agents, urls, this.mode());
      if (!this.ps.latest(ticket)) return;
      this.res = res;
      this.resRev = ticket.doc;
      this.shown = SHOWN;
      this.laying = false;
      this.render();
      this.ps.shows("many", ticket);
    } catch (err) {
      if (this.ps.latest(ticket)) this.showError(err);
    }
  }

  // changed is called when the text, the lists or the fallbacks changed:
  // a table on screen (greyed by the state at once) is computed again
  // once the typing pauses.
  changed() {
    clearTimeout(this.timer);
    if (this.res) this.timer = setTimeout(() => this.run(), RERUN_DELAY);
  }

  // setLists fills the boxes in (from a link).
  setLists({ agents, urls }) {
    if (agents.trim()) this.q("many-agents").value = agents;
    this.q("many-urls").value = urls;
  }

  // lists returns the crawlers and URLs as typed, one per line.
  lists() {
    return { agents: this.q("many-agents").value, urls: this.q("many-urls").value };
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
    body.dataset.rev = String(this.resRev);
    this.q("many-csv").disabled = !res;
    this.renderSeq = (this.renderSeq || 0) + 1;
    // Rows of an earlier table being laid out stop there.
    if (this.laying) {
      this.laying = false;
      this.ps.mark("many");
    }
    if (!res) {
      body.replaceChildren();
      const p = this.problem;
      this.q("many-summary").replaceChildren(...(p ? [el("span", { class: "warn", id: "many-problem" }, tr(p.key, p.params))] : []));
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
    for (const r of rows.slice(0, this.shown)) tbody.append(this.row(r));
    const out = [el("div", { class: "table-wrap" }, el("table", { class: "many stack" }, el("thead", {}, head), tbody))];
    if (rows.length > this.shown) {
      const more = el("button", {
        type: "button", class: "button small more", id: "many-more", text: t("many.more", { n: rows.length - this.shown }),
        onclick: () => this.showRest(rows, tbody, more),
      });
      out.push(more);
    }
    body.replaceChildren(...out);
  }

  // row lays out one URL: each crawler's verdict and the deciding rule,
  // whose line button shows it in the editor.
  row(r) {
    const el = this.el;
    const res = this.res;
    return el("tr", { "data-url": r.url },
      el("th", { scope: "row" }, el("code", { text: r.url }),
        r.note ? el("span", { class: "route", text: t(`many.note.${r.note}`, { path: r.path }) }) : null),
      ...r.v.map((v, i) => el("td", { "data-agent": res.agents[i], "data-label": res.agents[i], "data-allowed": String(v.a) },
        el("span", { class: `badge ${v.a ? "allowed" : "disallowed"}`, text: t(v.a ? "verdict.allowed" : "verdict.disallowed") }),
        " ", v.l ? this.lineButton(v.l) : el("span", { class: "small muted", text: t(`matrix.reason.${v.r}`) }),
        v.l ? " " : null, v.l ? el("code", { class: "rule", text: res.rules[v.l] }) : null)));
  }

  // showRest lays out the rows not shown yet, CHUNK rows per task; the
  // keyboard focus moves to the first new row rather than to the page.
  showRest(rows, tbody, more) {
    const seq = this.renderSeq;
    const start = tbody.rows.length;
    let i = start;
    // Read before the button is disabled, which takes the focus away.
    const hadFocus = document.activeElement === more;
    this.shown = Infinity;
    more.disabled = true;
    this.laying = true;
    this.ps.mark("many");
    const step = () => {
      if (seq !== this.renderSeq) return;
      const first = i;
      const frag = document.createDocumentFragment();
      for (const end = Math.min(i + CHUNK, rows.length); i < end; i++) frag.append(this.row(rows[i]));
      tbody.append(frag);
      if (first === start && hadFocus) {
        const th = tbody.rows[first].querySelector("th");
        th.tabIndex = -1;
        th.focus({ preventScroll: true });
      }
      if (i < rows.length) {
        setTimeout(step, 0);
      } else {
        more.remove();
        this.laying = false;
        this.ps.mark("many");
      }
    };
    step();
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

  // The CSV starts with a byte order mark, by which spreadsheet programs
  // know it is UTF-8.
  downloadCSV() {
    if (this.res) download(encode("\uFEFF" + this.csv()), "robots-verdicts.csv", "text/csv");
  }
}

// listProblem checks lists of crawlers and URLs (one per line) against the
// module's bounds before they are sent, to say what is wrong in the page's
// language: {key, params}, or null.
export function listProblem(agents, urls, limits, needAgent) {
  const count = (s) => s.split("\n").filter((l) => l.trim()).length;
  const na = count(agents);
  const nu = count(urls);
  if (needAgent && !na) return { key: "many.noAgent" };
  if (!limits) return null;
  if (na > limits.maxAgents) return { key: "many.tooManyAgents", params: { n: na, max: limits.maxAgents } };
  if (nu > limits.maxURLs) return { key: "many.tooManyURLs", params: { n: nu, max: limits.maxURLs } };
  return null;
}
