// What the verdict box says about AI usage preferences: the Content-Usage
// preferences (IETF aipref: train-ai and search, y, n or unknown, with the
// deciding line) and the Content-Signal keys that apply, as "robotstxt
// check --json" carries them in "usage", "usageLine" and "signals". See
// docs/usage-preferences.md.

import { t, tr } from "./i18n.js";

const word = { y: "usage.y", n: "usage.n", unknown: "usage.unknown" };

// usageRows returns the <dt>/<dd> pairs for a verdict v, none when the file
// states no preference; el builds elements as the page does, line(n) a
// button that shows line n.
export function usageRows(v, el, line) {
  if (!v.usageLines) return [];
  if (!v.usage) {
    return [el("dt", { text: t("usage.title") }), el("dd", { id: "verdict-usage" }, tr("usage.notApplicable"))];
  }
  const prefs = el("span", {},
    t("usage.trainAI"), " ", el("strong", { class: `usage-${v.usage["train-ai"]}`, text: t(word[v.usage["train-ai"]] || "usage.unknown") }), ", ",
    t("usage.search"), " ", el("strong", { class: `usage-${v.usage.search}`, text: t(word[v.usage.search] || "usage.unknown") }));
  const rows = [el("dt", { text: t("usage.title") }),
    el("dd", { id: "verdict-usage" }, prefs, " ", v.usageLine ? line(v.usageLine) : tr("usage.noRule"))];
  if (v.signals) {
    const kv = Object.keys(v.signals).map((k) => `${k}=${v.signals[k]}`).join(", ");
    rows.push(el("dt", { text: t("usage.signals") }),
      el("dd", { id: "verdict-signals" }, el("code", { text: kv }), " ",
        tr(v.signalsReading === "file" ? "usage.readingFile" : "usage.readingGroup")));
  }
  if (v.refused) {
    rows.push(el("dt", { text: t("usage.refused") }), el("dd", { id: "verdict-refused" }, line(v.refused.line), " ", el("code", { text: v.refused.source })));
  }
  return rows;
}
