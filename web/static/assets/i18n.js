// Message catalogues (i18n/<lang>.json) and their use in the page. Markup
// holds keys only: data-i18n (text), data-i18n-rich (paragraphs),
// data-i18n-list, data-i18n-table, data-i18n-faq, and data-i18n-<attr> for
// the placeholder, aria-label, title and content attributes.
//
// Strings may use a small markup: `code`, **strong**, [text](https://...).
// It is turned into DOM nodes, never into HTML, so no string can inject
// markup. {name} is replaced by a parameter; a plural entry is an object
// keyed by Intl.PluralRules categories (one, few, many, other).

import { LANGS } from "./permalink.js";

const STORAGE_KEY = "robotstxt.lang";
const cache = new Map();
let current = "en";
let messages = {};
let fallback = {};
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

async function fetchCatalogue(lang) {
  if (!cache.has(lang)) {
    const url = new URL(`i18n/${lang}.json`, import.meta.url);
    cache.set(lang, fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return cache.get(lang);
}

export function lang() {
  return current;
}

// pick chooses the language: the permalink's, the one remembered, the
// browser's, else English.
export function pick(fromLink) {
  if (fromLink && LANGS.includes(fromLink)) return fromLink;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (err) {
    // Storage may be disabled; the choice is then not remembered.
  }
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export async function load(l, { remember = false } = {}) {
  if (!LANGS.includes(l)) l = "en";
  const [msgs, en] = await Promise.all([fetchCatalogue(l), fetchCatalogue("en")]);
  current = l;
  messages = msgs;
  fallback = en;
  plurals = new Intl.PluralRules(l);
  numbers = new Intl.NumberFormat(l);
  document.documentElement.lang = l;
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, l);
    } catch (err) {
      // Not remembered; nothing else to do.
    }
  }
}

function lookup(key) {
  if (Object.prototype.hasOwnProperty.call(messages, key)) return messages[key];
  if (Object.prototype.hasOwnProperty.call(fallback, key)) return fallback[key];
  return undefined;
}

export function has(key) {
  return lookup(key) !== undefined;
}

// raw returns the catalogue value (string, array or object) for key.
export function raw(key) {
  const v = lookup(key);
  return v === undefined ? key : v;
}

export function num(n) {
  return numbers.format(n);
}

// t returns the message for key with {params} filled in. With a numeric
// params.n, a plural entry chooses its form.
export function t(key, params = {}) {
  let v = lookup(key);
  if (v === undefined) return key;
  if (typeof v === "object" && !Array.isArray(v)) {
    const n = typeof params.n === "number" ? params.n : 0;
    v = v[plurals.select(n)] ?? v.other;
  }
  return fill(String(v), params);
}

// fill puts the params in a message. A param may itself be a message,
// {key, params}: said in the same language, so that a message kept with
// its params is said again whole after a change of language.
function fill(s, params) {
  return s.replace(/\{(\w+)\}/g, (m, name) => {
    if (!(name in params)) return m;
    const p = params[name];
    if (p && typeof p === "object" && typeof p.key === "string") return t(p.key, p.params || {});
    return typeof p === "number" ? numbers.format(p) : String(p);
  });
}

// plain strips the inline markup, for attributes and <title>.
export function plain(s) {
  return String(s).replace(/\*\*((?:`[^`]*`|[^*`])+?)\*\*/g, "$1").replace(/`([^`]*)`/g, "$1").replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1");
}

// Strong text may hold code: **`Disallow: /` left in production**.
const INLINE = /\*\*((?:`[^`]*`|[^*`])+?)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

// rich turns a string with inline markup into DOM nodes.
export function rich(s) {
  const frag = document.createDocumentFragment();
  s = String(s);
  let last = 0;
  for (const m of s.matchAll(INLINE)) {
    if (m.index > last) frag.append(s.slice(last, m.index));
    if (m[1] !== undefined) {
      const strong = document.createElement("strong");
      strong.append(rich(m[1]));
      frag.append(strong);
    } else if (m[2] !== undefined) {
      const code = document.createElement("code");
      code.textContent = m[2];
      frag.append(code);
    } else {
      const href = m[4];
      if (/^(https:\/\/|#)/.test(href)) {
        const a = document.createElement("a");
        a.href = href;
        a.textContent = m[3];
        if (href.startsWith("https:")) a.rel = "noopener noreferrer";
        frag.append(a);
      } else {
        frag.append(m[3]);
      }
    }
    last = m.index + m[0].length;
  }
  if (last < s.length) frag.append(s.slice(last));
  return frag;
}

// tr is t rendered with rich().
export function tr(key, params) {
  return rich(t(key, params));
}

function arr(v) {
  return Array.isArray(v) ? v : [v];
}

// apply fills every element under root that carries a data-i18n* key.
export function apply(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    // data-i18n-params holds a message's params as JSON (fill).
    const text = t(el.dataset.i18n, el.dataset.i18nParams ? JSON.parse(el.dataset.i18nParams) : {});
    if (el.tagName === "TITLE" || el.tagName === "OPTION") el.textContent = plain(text);
    else el.replaceChildren(rich(text));
  }
  for (const el of root.querySelectorAll("[data-i18n-rich]")) {
    el.replaceChildren(...arr(raw(el.dataset.i18nRich)).map((p) => {
      const para = document.createElement("p");
      para.append(rich(p));
      return para;
    }));
  }
  for (const el of root.querySelectorAll("[data-i18n-list]")) {
    el.replaceChildren(...arr(raw(el.dataset.i18nList)).map((item) => {
      const li = document.createElement("li");
      li.append(rich(item));
      return li;
    }));
  }
  for (const el of root.querySelectorAll("[data-i18n-table]")) {
    el.replaceChildren(...arr(raw(el.dataset.i18nTable)).map((row) => {
      const tr = document.createElement("tr");
      for (const cell of arr(row)) {
        const td = document.createElement("td");
        td.append(rich(cell));
        tr.append(td);
      }
      return tr;
    }));
  }
  for (const el of root.querySelectorAll("[data-i18n-faq]")) {
    const dl = document.createElement("dl");
    for (const { q, a } of arr(raw(el.dataset.i18nFaq))) {
      const dt = document.createElement("dt");
      dt.append(rich(q));
      const dd = document.createElement("dd");
      dd.append(rich(a));
      dl.append(dt, dd);
    }
    el.replaceChildren(dl);
  }
  for (const attr of ["placeholder", "aria-label", "title", "content"]) {
    const data = "i18n" + attr.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, plain(t(el.dataset[data])));
    }
  }
}
