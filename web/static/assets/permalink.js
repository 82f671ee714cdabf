// The permalink: the page's state in the URL fragment, which browsers never
// send to servers. The format is part of the public interface (docs/page.md):
//
//   #v=2&robots=<bytes>&z=1&crc=<CRC-32 of the bytes, 8 hex digits>
//    &agent=<percent-encoded>&url=<percent-encoded>&lang=<en|ru|ro>
//    &fallback=off
//    &many=<JSON {"agents", "urls"}>&mcrc=<CRC-32>
//    &other=<bytes of the compared version>&ocrc=<CRC-32>
//
// robots is the file's bytes exactly (a Latin-1 or CRLF file survives),
// deflate-raw compressed when z=1, in base64url without padding. A link whose
// bytes do not decode, do not inflate or do not match crc is damaged: the
// page shows no verdict for it. Links without v (version 1) carry the UTF-8
// text uncompressed and no checksum; they still open. fallback=off turns
// the crawlers' documented fallbacks off (check --no-fallback). many carries
// "Test many URLs"' lists (the crawlers and the URLs, one per line, as JSON
// in UTF-8) and other the version compared with, both encoded as robots is
// (compressed when z=1), each with its own CRC-32; a mismatch in any of them
// makes the link damaged. Every key is optional;
// unknown keys are ignored. Decoding accepts padding and the standard base64
// alphabet, as links get mangled.

import { crc32, deflate, inflate, canCompress, encode } from "./source.js";

export const LANGS = ["en", "ru", "ro"];
export const VERSION = 2;

export function toBase64url(bytes) {
  let bin = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(b64) {
  let s = b64.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "").replace(/\s+/g, "");
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error("not base64url");
  s += "===".slice((s.length + 3) % 4);
  const bin = atob(s);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

function hex8(n) {
  return n.toString(16).padStart(8, "0");
}

// parseFragment reads a location.hash. It returns the keys present, with
// the file as robots (a Uint8Array); a link whose file does not decode or
// whose checksum does not match sets damaged instead.
export async function parseFragment(hash) {
  const out = {};
  const s = (hash || "").replace(/^#/, "");
  if (!s) return out;
  const keys = {};
  for (const part of s.split("&")) {
    const eq = part.indexOf("=");
    keys[eq < 0 ? part : part.slice(0, eq)] = eq < 0 ? "" : part.slice(eq + 1);
  }
  const text = (k) => {
    try {
      return decodeURIComponent(keys[k]);
    } catch (err) {
      return keys[k];
    }
  };
  if ("agent" in keys) out.agent = text("agent");
  if ("url" in keys) out.url = text("url");
  if ("fallback" in keys) out.fallback = keys.fallback !== "off";
  if ("lang" in keys) {
    const l = text("lang").toLowerCase();
    if (LANGS.includes(l)) out.lang = l;
  }
  const version = "v" in keys ? Number(keys.v) : 1;
  // blob decodes one file-like key and checks its checksum.
  const blob = async (key, crcKey) => {
    let bytes = fromBase64url(keys[key]);
    if (keys.z === "1") bytes = await inflate(bytes);
    const sum = keys[crcKey] || "";
    if (!/^[0-9a-f]{8}$/i.test(sum) || hex8(crc32(bytes)) !== sum.toLowerCase()) throw new Error(`${key}: checksum mismatch`);
    return bytes;
  };
  try {
    if (("robots" in keys || "many" in keys || "other" in keys) && version !== 1 && version !== VERSION) throw new Error(`link version ${keys.v}`);
    if ("robots" in keys) {
      let bytes = fromBase64url(keys.robots);
      if (version === VERSION) bytes = await blob("robots", "crc");
      out.robots = bytes;
    }
    if ("many" in keys) {
      const m = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await blob("many", "mcrc")));
      out.many = { agents: String(m.agents ?? ""), urls: String(m.urls ?? "") };
    }
    if ("other" in keys) out.other = await blob("other", "ocrc");
  } catch (err) {
    delete out.robots;
    delete out.many;
    delete out.other;
    out.damaged = String(err && err.message || err);
  }
  return out;
}

async function putBlob(parts, key, crcKey, bytes) {
  parts.push(key + "=" + toBase64url(canCompress ? await deflate(bytes) : bytes));
  parts.push(crcKey + "=" + hex8(crc32(bytes)));
}

// buildFragment returns the fragment for a state; robots is the file's
// bytes (or a string, taken as UTF-8).
// many is {agents, urls} (sent when urls is not blank), other the compared
// version (bytes or text; sent when not empty).
export async function buildFragment({ robots, agent, url, lang, fallback = true, many, other }) {
  const parts = [];
  const asBytes = (x) => (typeof x === "string" ? encode(x) : x);
  const hasMany = many && many.urls.trim();
  const hasOther = other !== undefined && other.length;
  if ((robots !== undefined && robots.length) || hasMany || hasOther) {
    parts.push("v=" + VERSION);
    if (canCompress) parts.push("z=1");
  }
  if (robots !== undefined && robots.length) await putBlob(parts, "robots", "crc", asBytes(robots));
  if (hasMany) await putBlob(parts, "many", "mcrc", encode(JSON.stringify({ agents: many.agents, urls: many.urls })));
  if (hasOther) await putBlob(parts, "other", "ocrc", asBytes(other));
  if (agent) parts.push("agent=" + encodeURIComponent(agent));
  if (url) parts.push("url=" + encodeURIComponent(url));
  if (lang) parts.push("lang=" + lang);
  if (!fallback) parts.push("fallback=off");
  return parts.length ? "#" + parts.join("&") : "";
}
