// "Compare with another version": a second file (pasted or opened), and
// what changes from it to the text in the editor, computed in the worker by
// package diff, the code of "robotstxt diff": rules added, removed or moved
// per crawler name, and the URLs whose verdict changes for each crawler.

import { t, tr } from "./i18n.js";
import { readFile, display } from "./source.js";
import { listProblem } from "./many.js";
import { DOC, MODE, LISTS, OTHER } from "./state.js";

const SHOWN = 300;

function ruleText(r) {
  return `${r.kind === "allow" ? "Allow" : "Disallow"}: ${r.pattern}`;
}

export class Compare {
  // many gives the URLs and crawlers of "Test many URLs", when filled in.
  // ps is the page's state (state.js), where the comparison is the view
  // "compare": it is shown as current only while the text, the other
  // version, the lists and the fallbacks are those it was computed from;
  // changed(OTHER) reports an edit of the other version.
  constructor({ root, engine, input, mode, many, ps, changed, el, showError, limits }) {
    Object.assign(this, { root, engine, input, mode, many, ps, el, showError, limits });
    this.problem = null;
    this.resRev = -1; // the document's version the comparison shown is of
    this.timer = 0;
    this.src = null; // bytes of an opened file, until the box is edited
    this.res = null;
    this.q = (id) => root.querySelector(`#${id}`);
    this.q("compare-run").addEventListener("click", () => this.run());
    this.q("compare-text").addEventListener("input", () => {
      this.src = null;
      changed(OTHER);
    });
    this.q("compare-file").addEventListener("change", async (e) => {
      const f = e.target.files[0];
      e.target.value = "";
      if (!f) return;
      try {
        const src = await readFile(f);
        this.q("compare-text").value = display(src.bytes).text;
        this.src = src.bytes;
        ps.change(OTHER);
        this.run();
      } catch (err) {
        this.showError(err);
      }
    });
    ps.view("compare", {
      el: this.q("compare-body"), busyEl: root, deps: [DOC, OTHER, LISTS, MODE],
      empty: () => !this.res && !this.problem, redo: () => this.textChanged(),
    });
  }

  // setOther puts a version in the box (from a link), kept as its bytes.
  setOther(bytes) {
    this.q("compare-text").value = display(bytes).text;
    this.src = bytes;
  }

  other() {
    return this.src || this.q("compare-text").value;
  }

  // textChanged is called when the text in the editor, the other version,
  // the lists or the fallbacks changed: a comparison on screen (greyed by
  // the state at once) is computed again a moment later, so that it never
  // shows the differences of an older text as if current.
  textChanged() {
    if (!this.res && !this.problem) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), 250);
  }

  // run compares; the answer of a run that a later one superseded is
  // dropped.
  async run() {
    clearTimeout(this.timer);
    const ticket = this.ps.request("compare");
    const { agents, urls } = this.many.lists();
    this.problem = listProblem(agents, urls, this.limits(), false);
    if (this.problem) {
      this.res = null;
      this.resRev = ticket.doc;
      this.render();
      this.ps.shows("compare", ticket);
      return;
    }
    try {
      const res = await this.engine.call("compare", this.other(), this.input(), agents, urls, this.mode());
      if (!this.ps.latest(ticket)) return;
      this.res = res;
      this.resRev = ticket.doc;
      this.probed = !urls.trim();
      this.render();
      this.ps.shows("compare", ticket);
    } catch (err) {
      if (!this.ps.latest(ticket)) return;
      // No comparison is shown rather than one of another text.
      this.res = null;
      this.render();
      this.ps.mark("compare");
      this.showError(err);
    }
  }

  render() {
    const el = this.el;
    const body = this.q("compare-body");
    body.dataset.rev = String(this.resRev);
    const r = this.res;
    if (!r) {
      const p = this.problem;
      body.replaceChildren(...(p ? [el("p", { class: "warn", id: "compare-problem" }, tr(p.key, p.params))] : []));
      return;
    }
    const out = [];
    const s = r.structural;
    if (s.same && r.unchanged) {
      out.push(el("p", { class: "good", id: "compare-same" }, tr("compare.same")));
      body.replaceChildren(...out);
      return;
    }
    // Rules per crawler name.
    const groups = el("div", { id: "compare-rules" });
    for (const g of s.groups || []) {
      const items = [
        ...(g.added || []).map((x) => el("li", { class: "added", "data-line": String(x.line) },
          el("span", { class: "sign", text: "+" }), el("code", { text: ruleText(x) }), " ", el("span", { class: "muted small", text: t("compare.newLine", { n: String(x.line) }) }))),
        ...(g.removed || []).map((x) => el("li", { class: "removed", "data-line": String(x.line) },
          el("span", { class: "sign", text: "−" }), el("code", { text: ruleText(x) }), " ", el("span", { class: "muted small", text: t("compare.oldLine", { n: String(x.line) }) }))),
      ];
      groups.append(el("div", { class: "group", "data-agent": g.agent },
        el("h3", {}, el("code", { text: `User-agent: ${g.agent}` }), el("span", { class: "muted small", text: t(`compare.group.${g.change}`) })),
        el("ul", { class: "diff-rules" }, ...items)));
    }
    for (const m of s.moved || []) {
      groups.append(el("p", { class: "moved" }, tr("compare.moved", { rule: ruleText(m), from: m.from, to: m.to, oldLine: String(m.oldLine), newLine: String(m.newLine) })));
    }
    const recs = [];
    for (const x of (s.sitemaps && s.sitemaps.added) || []) recs.push(el("li", { class: "added" }, el("span", { class: "sign", text: "+" }), el("code", { text: `Sitemap: ${x.url}` })));
    for (const x of (s.sitemaps && s.sitemaps.removed) || []) recs.push(el("li", { class: "removed" }, el("span", { class: "sign", text: "−" }), el("code", { text: `Sitemap: ${x.url}` })));
    for (const x of (s.records && s.records.added) || []) recs.push(el("li", { class: "added" }, el("span", { class: "sign", text: "+" }), el("code", { text: `${x.name}: ${x.value}` })));
    for (const x of (s.records && s.records.removed) || []) recs.push(el("li", { class: "removed" }, el("span", { class: "sign", text: "−" }), el("code", { text: `${x.name}: ${x.value}` })));
    if (recs.length) groups.append(el("div", { class: "group" }, el("h3", {}, el("span", { text: t("compare.records") })), el("ul", { class: "diff-rules" }, ...recs)));
    out.push(el("h3", { text: t("compare.rulesTitle") }), s.same ? el("p", { class: "muted", text: t("compare.rulesSame") }) : groups);

    // Verdicts that change.
    out.push(el("h3", { text: t("compare.verdictsTitle") }));
    out.push(el("p", { class: "small muted" }, tr(this.probed ? "compare.probed" : "compare.tested", { n: r.urls, agents: r.agents.length })));
    // Which crawlers, and where the search for probe paths stopped: the
    // command line's diff compares more of both.
    out.push(el("p", { class: "small muted", id: "compare-agents" }, tr("compare.agents", { names: r.agents.join(", ") })));
    if (r.probed && !r.probesComplete) out.push(el("p", { class: "small warn", id: "compare-bounded" }, tr("compare.bounded")));
    if (r.unchanged) {
      out.push(el("p", { class: "good", id: "compare-unchanged" }, tr("compare.noVerdictChange")));
    } else {
      const word = (v) => el("span", { class: `badge ${v.allowed ? "allowed" : "disallowed"}`, text: t(v.allowed ? "verdict.allowed" : "verdict.disallowed") });
      const rule = (v, key) => (v.rule ? el("span", { class: "small muted", title: ruleText(v.rule), text: t(key, { n: String(v.rule.line) }) }) : null);
      const tbody = el("tbody");
      for (const c of r.changes.slice(0, SHOWN)) {
        tbody.append(el("tr", { "data-url": c.url, "data-agent": c.agent },
          el("th", { scope: "row" }, el("code", { text: c.url })),
          el("td", { "data-label": t("matrix.crawler") }, el("code", { text: c.agent })),
          el("td", { "data-label": t("compare.before") }, word(c.old), " ", rule(c.old, "compare.oldLine")),
          el("td", { "data-label": t("compare.after") }, word(c.new), " ", rule(c.new, "compare.newLine"))));
      }
      out.push(el("div", { class: "table-wrap" }, el("table", { class: "many compare stack" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("many.url") }), el("th", { scope: "col", text: t("matrix.crawler") }),
          el("th", { scope: "col", text: t("compare.before") }), el("th", { scope: "col", text: t("compare.after") }))),
        tbody)));
      if (r.changes.length > SHOWN || r.truncated) out.push(el("p", { class: "small muted", text: t("compare.more", { n: r.changes.length - Math.min(SHOWN, r.changes.length) }) }));
    }
    body.replaceChildren(...out);
  }
}
