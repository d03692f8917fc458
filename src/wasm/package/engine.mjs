// The Lifeline engine for web pages: its WebAssembly build in a Web Worker, driven with the
// engine's own protocol (protocol/lifeline-gtp.md in the engine's repository) one command at
// a time, the answers in order.
//
//   const engine = await LifelineEngine.start({ args: ["--seed=7"], maxThreads: 4 });
//   engine.build                                       // "threads" (or "single")
//   await engine.send("boardsize 5");                  // "" (an empty success)
//   const move = await engine.send("genmove b");       // "c3 e4" (a double turn's stones)
//   const analysis = engine.send("lifeline-analyze 50", { onLine: (line) => show(line) });
//   engine.stop();                                     // the analysis ends with its next line
//   await analysis;
//   await engine.quit();
//
// Two builds: the threaded one (threads/, emscripten's pthreads) needs SharedArrayBuffer, which
// a page has only when it is cross-origin isolated (its server sends COOP and COEP headers);
// elsewhere the single-threaded one runs.

// The search threads a page gets unless it says otherwise: what the device offers, up to this
// many (a phone's every core would be too many for a page).
export const DEFAULT_MAX_THREADS = 4;

// Whether this page may run the threaded build.
export function canRunThreads() {
  return typeof SharedArrayBuffer === "function" && globalThis.crossOriginIsolated === true;
}

// The cores the device reports (1 where it says nothing).
export function deviceThreads() {
  return Math.max(1, Number(globalThis.navigator && navigator.hardwareConcurrency) || 1);
}

// The flag --threads=N among the args, or null.
function threadsFlag(args) {
  for (let i = 0; i < args.length; i++) {
    const match = /^--threads(?:=(.*))?$/.exec(String(args[i]));
    if (match) return Number(match[1] !== undefined ? match[1] : args[i + 1]);
  }
  return null;
}

// A "?" answer: the engine refused the command, and changed nothing.
export class GtpError extends Error {
  constructor(message, command) {
    super(message);
    this.name = "GtpError";
    this.command = command;
  }
}

// The first line of an answer: "=id text" or "?id text" (the id and the text may be absent).
const ANSWER_HEAD = /^([=?])(\d*)(?: (.*))?$/;

export class LifelineEngine {
  #worker;
  #pending = []; // commands sent and not yet answered, oldest first
  #exited = null; // the exit status once the program has ended
  #onLog;
  #ready;
  #ended; // resolves once the program has exited or the worker was ended
  #markEnded;
  #build = null;
  #workerCounts = []; // the answers awaited to workers(), oldest first

  // Starts the engine in a worker; `args` are the native program's flags (its --help), and
  // `onLog` receives each line of the engine's log. `workerUrl` is where worker.mjs is served,
  // beside this module unless a bundler moved it. `build` is "auto" (the threaded build where
  // the page can run it), "threads" or "single". Where the threaded build runs, the search's
  // threads are `threads` (a number, or "auto": the device's cores up to `maxThreads`), unless
  // the args set --threads; the engine's option `threads` changes them later.
  static async start({ args = [], onLog = null, workerUrl = null, build = "auto",
                       threads = "auto", maxThreads = DEFAULT_MAX_THREADS } = {}) {
    const url = workerUrl || new URL("./worker.mjs", import.meta.url);
    const wanted = build === "auto" ? (canRunThreads() ? "threads" : "single") : build;
    const flags = args.map(String);
    const given = threadsFlag(flags);
    const count = given !== null ? given
      : threads === "auto" ? Math.min(deviceThreads(), maxThreads) : Number(threads);
    const engine = new LifelineEngine(new Worker(url, { type: "module" }), onLog);
    engine.#worker.postMessage({ type: "start", args: flags, build: wanted, threads: count,
                                 threadsFlag: given === null });
    await engine.#ready;
    return engine;
  }

  // The build that runs: "threads" or "single".
  get build() {
    return this.#build;
  }

  constructor(worker, onLog) {
    this.#worker = worker;
    this.#onLog = onLog;
    let started, failed;
    this.#ready = new Promise((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.#ended = new Promise((resolve) => {
      this.#markEnded = resolve;
    });
    worker.onmessage = (event) => this.#receive(event.data, started, failed);
    worker.onerror = (event) => {
      // After the program's exit its runtime unwinds with an error of its own: no news.
      if (this.#exited !== null) return;
      this.#exited = "failed";
      failed(new Error(event.message || "the engine's worker failed"));
      this.#end(new Error(`the engine failed: ${event.message || "unknown error"}`));
    };
  }

  get exited() {
    return this.#exited !== null;
  }

  // Sends one command line and answers the text of its "=" answer (its lines joined by "\n"),
  // or rejects with a GtpError carrying the "?" answer's message. A streaming command
  // (lifeline-analyze, lifeline-genmove_analyze) hands each line after the first to `onLine`
  // as it arrives.
  send(command, { onLine = null } = {}) {
    const line = String(command);
    if (/[\r\n]/.test(line)) return Promise.reject(new Error("one command line at a time"));
    if (line.trim() === "" || line.trim().startsWith("#")) {
      return Promise.reject(new Error("a blank or comment line gets no answer"));
    }
    if (this.#exited !== null) return Promise.reject(new Error("the engine has quit"));
    return new Promise((resolve, reject) => {
      this.#pending.push({ command: line, onLine, lines: [], resolve, reject });
      this.#worker.postMessage({ type: "line", line });
    });
  }

  // The threaded build's Web Workers: {running, idle}, those that run one of the program's
  // threads and those kept for the next (the single-threaded build has none).
  workers() {
    if (this.#exited !== null) return Promise.resolve({ running: 0, idle: 0 });
    return new Promise((resolve) => {
      this.#workerCounts.push(resolve);
      this.#worker.postMessage({ type: "workers" });
    });
  }

  // Ends the streaming command that runs now (an analysis searches until the next input
  // line): sends an empty line, which the engine reads and leaves unanswered.
  stop() {
    if (this.#exited === null) this.#worker.postMessage({ type: "line", line: "" });
  }

  // Sends quit and waits for the program's end, then ends the worker.
  async quit() {
    if (this.#exited === null) {
      await this.send("quit").catch(() => {});
      await this.#ended;
    }
    this.#worker.terminate();
  }

  // Ends the worker at once, whatever runs in it.
  terminate() {
    this.#worker.terminate();
    if (this.#exited === null) this.#exited = "terminated";
    this.#end(new Error("the engine was terminated"));
  }

  #receive(message, started, failed) {
    switch (message.type) {
      case "ready":
        this.#build = message.build;
        started();
        break;
      case "line":
        this.#takeLine(message.line);
        break;
      case "workers":
        if (this.#workerCounts.length > 0) {
          this.#workerCounts.shift()({ running: message.running, idle: message.idle });
        }
        break;
      case "log":
        if (this.#onLog) this.#onLog(message.line);
        break;
      case "exit":
        this.#exited = message.status;
        started(); // a program that exits at once (--version) was started all the same
        this.#end(new Error(`the engine has quit (status ${message.status})`));
        break;
      case "error":
        this.#exited = "failed";
        failed(new Error(message.message));
        this.#end(new Error(message.message));
        break;
    }
  }

  #takeLine(line) {
    const current = this.#pending[0];
    if (!current) return; // output with no command (none is expected): dropped
    if (line !== "") {
      if (current.lines.length > 0 && current.onLine) current.onLine(line);
      current.lines.push(line);
      return;
    }
    this.#pending.shift();
    const head = ANSWER_HEAD.exec(current.lines[0] || "");
    if (!head) {
      current.reject(new Error(`unreadable answer: ${current.lines.join("\n")}`));
      return;
    }
    const text = [head[3] || "", ...current.lines.slice(1)].join("\n").replace(/^\n/, "");
    if (head[1] === "=") current.resolve(text);
    else current.reject(new GtpError(text, current.command));
  }

  #end(error) {
    this.#markEnded();
    const pending = this.#pending;
    this.#pending = [];
    for (const entry of pending) {
      // quit's own answer came before the exit; anything after it can no longer come.
      entry.reject(error);
    }
  }
}
