// A transport for the page's session (scripts/lifeline_web/static/session.js) under Node: an
// engine program in a child process, spoken to over its standard input and output, as the
// relay and the Web Worker are. It lets the session's tests drive the native engine and the
// WebAssembly package's cli.mjs through the very code the page runs.

import { spawn } from "node:child_process";

import { GtpError } from "../../src/wasm/package/engine.mjs";

export { GtpError };

export class ProcessEngine {
  // argv: the program and its arguments.
  static async start(argv, { onLog = null } = {}) {
    return new ProcessEngine(argv, onLog);
  }

  constructor(argv, onLog) {
    this.child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "pipe"] });
    this.pending = []; // the commands sent and not answered yet: {command, onLine, resolve, reject, lines}
    this.buffer = "";
    this.exited = null;
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => this.take(chunk));
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk) => {
      for (const line of chunk.split("\n")) if (line && onLog) onLog(line);
    });
    this.child.on("exit", (code, signal) => {
      this.exited = `the engine exited (${signal || code})`;
      for (const waiting of this.pending.splice(0)) waiting.reject(new Error(this.exited));
    });
    this.child.stdin.on("error", () => {});
  }

  send(command, { onLine = null } = {}) {
    if (this.exited) return Promise.reject(new Error(this.exited));
    return new Promise((resolve, reject) => {
      this.pending.push({ command, onLine, resolve, reject, lines: [] });
      this.child.stdin.write(`${command}\n`);
    });
  }

  stop() {
    if (!this.exited) this.child.stdin.write("\n");
  }

  async quit() {
    this.terminate();
  }

  terminate() {
    if (!this.exited) this.child.kill("SIGKILL");
  }

  // Answers end with an empty line; a streaming answer's lines after its first go to onLine.
  take(chunk) {
    this.buffer += chunk;
    let end;
    while ((end = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, "");
      this.buffer = this.buffer.slice(end + 1);
      const waiting = this.pending[0];
      if (!waiting) continue;
      if (line === "") {
        if (!waiting.lines.length) continue;
        this.pending.shift();
        const [first, ...rest] = waiting.lines;
        const text = [first.replace(/^[=?]\d*\s?/, ""), ...rest].join("\n");
        if (first.startsWith("?")) waiting.reject(new GtpError(text, waiting.command));
        else waiting.resolve(waiting.onLine ? first.replace(/^=\d*\s?/, "") : text);
      } else if (waiting.onLine && waiting.lines.length) {
        waiting.onLine(line);
      } else {
        waiting.lines.push(line);
      }
    }
  }
}
