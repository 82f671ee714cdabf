// The analyser's worker: it runs the Go WebAssembly module off the page's
// main thread, so that parsing a 500 KiB file never freezes the page.
//
// Messages in:  {id, fn, args}     fn is a function of globalThis.robotstxt
// Messages out: {ready: true} once, then {id, out} with out the JSON string
//               the Go function returned, or {fatal} if the module failed.
"use strict";

importScripts("wasm_exec.js");

let ready = false;
const queue = [];

self.robotstxtReady = () => {
  ready = true;
  self.postMessage({ ready: true });
  for (const msg of queue.splice(0)) handle(msg);
};

function handle({ id, fn, args }) {
  let out;
  try {
    const api = self.robotstxt;
    if (!api || typeof api[fn] !== "function") {
      out = JSON.stringify({ error: "unknown function " + fn });
    } else {
      out = api[fn](...args);
    }
  } catch (err) {
    // The Go program has exited (a fatal error): every later call fails too.
    out = JSON.stringify({ error: String(err && err.message || err), fatal: true });
  }
  self.postMessage({ id, out });
}

self.onmessage = (e) => {
  if (ready) handle(e.data);
  else queue.push(e.data);
};

async function instantiate(go) {
  const url = "robotstxt.wasm";
  try {
    return await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
  } catch (err) {
    // Static hosts that do not send application/wasm: compile from bytes.
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(url + ": HTTP " + resp.status);
    return WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
}

(async () => {
  try {
    const go = new Go();
    const { instance } = await instantiate(go);
    await go.run(instance);
    self.postMessage({ fatal: "the analyser stopped" });
  } catch (err) {
    self.postMessage({ fatal: String(err && err.message || err) });
  }
})();
