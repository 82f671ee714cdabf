// The permalink: the page's state in the URL fragment, which browsers never
// send to servers. The format is part of the public interface:
//
//   #robots=<text, UTF-8, base64url without padding>&agent=<percent-encoded>
//    &url=<percent-encoded>&lang=<en|ru|ro>
//
// Every key is optional; unknown keys are ignored. Decoding also accepts
// padding and the standard base64 alphabet, as links get mangled.

export const LANGS = ["en", "ru", "ro"];

export function encodeText(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + chunk));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeText(b64) {
  let s = b64.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "").replace(/\s+/g, "");
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error("not base64url");
  s += "===".slice((s.length + 3) % 4);
  const bin = atob(s);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder("utf-8").decode(bytes);
}

// parseFragment reads a location.hash. It returns the keys present; a
// robots value that does not decode sets robotsError instead.
export function parseFragment(hash) {
  const out = {};
  const s = (hash || "").replace(/^#/, "");
  if (!s) return out;
  for (const part of s.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? "" : part.slice(eq + 1);
    try {
      switch (key) {
        case "robots":
          out.robots = decodeText(raw);
          break;
        case "agent":
          out.agent = decodeURIComponent(raw);
          break;
        case "url":
          out.url = decodeURIComponent(raw);
          break;
        case "lang": {
          const l = decodeURIComponent(raw).toLowerCase();
          if (LANGS.includes(l)) out.lang = l;
          break;
        }
      }
    } catch (err) {
      if (key === "robots") out.robotsError = true;
    }
  }
  return out;
}

export function buildFragment({ robots, agent, url, lang }) {
  const parts = [];
  if (robots !== undefined && robots !== "") parts.push("robots=" + encodeText(robots));
  if (agent) parts.push("agent=" + encodeURIComponent(agent));
  if (url) parts.push("url=" + encodeURIComponent(url));
  if (lang) parts.push("lang=" + lang);
  return parts.length ? "#" + parts.join("&") : "";
}
