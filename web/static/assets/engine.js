// Engine talks to the worker that runs the Go WebAssembly module. Every
// call returns a promise of the function's result; an error from Go becomes
// a rejected promise with an EngineError.

export class EngineError extends Error {
  constructor(message, { panic = false, fatal = false, stack = "" } = {}) {
    super(message);
    this.panic = panic;
    this.fatal = fatal;
    this.goStack = stack;
  }
}

export class Engine {
  constructor(workerURL) {
    this.seq = 0;
    this.pending = new Map();
    this.worker = new Worker(workerURL);
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => {
        const m = e.data;
        if (m.ready) {
          resolve();
        } else if (m.fatal) {
          const err = new EngineError(m.fatal, { fatal: true });
          reject(err);
          this.failAll(err);
          if (this.onfatal) this.onfatal(err);
        } else {
          this.settle(m.id, m.out);
        }
      };
      this.worker.onerror = (e) => {
        const err = new EngineError(e.message || "worker error", { fatal: true });
        reject(err);
        this.failAll(err);
        if (this.onfatal) this.onfatal(err);
      };
    });
  }

  async call(fn, ...args) {
    await this.ready;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, fn, args });
    });
  }

  settle(id, out) {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    let env;
    try {
      env = JSON.parse(out);
    } catch (err) {
      p.reject(new EngineError("bad answer from the analyser: " + err.message));
      return;
    }
    if (env.error) {
      const err = new EngineError(env.error, { panic: !!env.panic, fatal: !!env.fatal, stack: env.stack || "" });
      p.reject(err);
      if (err.fatal && this.onfatal) this.onfatal(err);
    } else {
      p.resolve(env.result);
    }
  }

  failAll(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
