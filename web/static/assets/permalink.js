// The permalink: the page's state in the URL fragment, which browsers never
// send to servers. The format is part of the public interface (docs/page.md):
//
//   #v=2&robots=<bytes>&z=1&crc=<CRC-32 of the bytes, 8 hex digits>
//    &agent=<percent-encoded>&url=<percent-encoded>&lang=<en|ru|ro>
//    &fallback=off
//
// robots is the file's bytes exactly (a Latin-1 or CRLF file survives),
// deflate-raw compressed when z=1, in base64url without padding. A link whose
// bytes do not decode, do not inflate or do not match crc is damaged: the
// page shows no verdict for it. Links without v (version 1) carry the UTF-8
// text uncompressed and no checksum; they still open. fallback=off turns
// the crawlers' documented fallbacks off (check --no-fallback). Every key is optional;
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
  if ("robots" in keys) {
    const version = "v" in keys ? Number(keys.v) : 1;
    try {
      if (version !== 1 && version !== VERSION) throw new Error(`link version ${keys.v}`);
      let bytes = fromBase64url(keys.robots);
      if (version === VERSION) {
        if (keys.z === "1") bytes = await inflate(bytes);
        if (!/^[0-9a-f]{8}$/i.test(keys.crc || "") || hex8(crc32(bytes)) !== keys.crc.toLowerCase()) {
          throw new Error("checksum mismatch");
        }
      }
      out.robots = bytes;
    } catch (err) {
      out.damaged = String(err && err.message || err);
    }
  }
  return out;
}

// buildFragment returns the fragment for a state; robots is the file's
// bytes (or a string, taken as UTF-8).
export async function buildFragment({ robots, agent, url, lang, fallback = true }) {
  const parts = [];
  if (robots !== undefined && robots.length) {
    const bytes = typeof robots === "string" ? encode(robots) : robots;
    parts.push("v=" + VERSION);
    if (canCompress) parts.push("robots=" + toBase64url(await deflate(bytes)), "z=1");
    else parts.push("robots=" + toBase64url(bytes));
    parts.push("crc=" + hex8(crc32(bytes)));
  }
  if (agent) parts.push("agent=" + encodeURIComponent(agent));
  if (url) parts.push("url=" + encodeURIComponent(url));
  if (lang) parts.push("lang=" + lang);
  if (!fallback) parts.push("fallback=off");
  return parts.length ? "#" + parts.join("&") : "";
}
