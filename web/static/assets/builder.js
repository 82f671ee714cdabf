// "Write a robots.txt": the builder. The owner picks which categories of
// crawlers may crawl, the site's AI usage preferences (Content-Usage,
// Content-Signal) and sitemaps; the worker writes the file with the code of
// "robotstxt generate", merged into the text in the editor when asked. See
// docs/usage-preferences.md.

import { t, apply, rich } from "./i18n.js";

export const CATEGORIES = ["search", "ai-training", "ai-assistant", "ai-search", "seo", "archive", "ads", "other"];

export class Builder {
  // input() is the text in the editor; onText(text) puts a text there.
  constructor({ root, engine, input, el, showError, onText }) {
    Object.assign(this, { root, engine, input, el, showError, onText });
    this.q = (id) => root.querySelector(`#${id}`);
    const box = this.q("builder-categories");
    box.replaceChildren(...CATEGORIES.map((c) => el("label", { class: "check" },
      el("input", { type: "checkbox", value: c, "data-category": c }), " ",
      el("span", { "data-i18n": `builder.category.${c}` }))));
    apply(box);
    // Content-Signal values are syntax, the same in every language.
    for (const [id, values] of [["builder-signal-search", ["yes", "no"]], ["builder-signal-ai-input", ["yes", "no"]],
      ["builder-signal-ai-train", ["yes", "no"]], ["builder-signal-use", ["immediate", "reference", "full"]]]) {
      this.q(id).append(...values.map((v) => el("option", { value: v, text: v })));
    }
    this.q("builder-run").addEventListener("click", () => this.run());
    this.q("builder-use").addEventListener("click", async () => {
      // A merge is made again with the text in the editor now: the user
      // may have edited it since the preview, and the edit must not be lost.
      if (this.q("builder-merge").checked) await this.run();
      if (this.text) this.onText(this.text);
    });
    this.text = "";
    this.seq = 0; // the latest preview asked for; older answers are dropped
  }

  choices() {
    const v = (id) => this.q(id).value;
    return {
      Block: [...this.root.querySelectorAll("[data-category]:checked")].map((e) => e.value),
      TrainAI: v("builder-train-ai"), Search: v("builder-search"),
      SignalSearch: v("builder-signal-search"), SignalAIInput: v("builder-signal-ai-input"),
      SignalAITrain: v("builder-signal-ai-train"), SignalUse: v("builder-signal-use"),
      Sitemaps: v("builder-sitemaps").split("\n").map((s) => s.trim()).filter(Boolean),
    };
  }

  async run() {
    const out = this.q("builder-out");
    const seq = ++this.seq;
    try {
      const merge = this.q("builder-merge").checked ? this.input() : "";
      const res = await this.engine.call("generate", JSON.stringify(this.choices()), merge);
      if (seq !== this.seq) return;
      // Notes and refusals come by code, said in the page's language
      // (data-i18n: again after a change of language).
      const say = (m, wrap) => {
        const msg = { key: `builder.msg.${m.code}`, params: m.params || {} };
        const key = wrap || msg.key;
        const params = wrap ? { error: msg } : msg.params;
        return this.el("span", { "data-i18n": key, "data-i18n-params": JSON.stringify(params) }, rich(t(key, params)));
      };
      this.q("builder-notes").replaceChildren(...res.messages.map((m) => this.el("li", {}, say(m))));
      if (res.refused) {
        this.text = "";
        this.q("builder-use").disabled = true;
        out.replaceChildren(say(res.refused, "builder.error"));
        return;
      }
      this.text = res.text;
      out.textContent = res.text;
      this.q("builder-use").disabled = false;
    } catch (err) {
      if (seq !== this.seq) return;
      this.text = "";
      this.q("builder-use").disabled = true;
      out.textContent = t("builder.error", { error: err.message || String(err) });
    }
  }
}
