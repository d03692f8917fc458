#!/usr/bin/env node
// The WebAssembly engine as a command for Node: the same flags as the native program
// (`node cli.mjs --help`), and the same protocol on standard input and output, so that every
// tool that drives build/lifeline (referee, regression runner, GoGui) drives this one too.
//
// It runs the threaded build (threads/, on Node's worker threads) where the package has one,
// else the single-threaded one; LIFELINE_WASM_BUILD=single (or threads) chooses, and
// `--version` says which runs. The option `threads` is 1 by default, as natively.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { LineQueue } from "./line_queue.mjs";

// The module that emscripten 3.1.6 writes reads its files through CommonJS names under Node,
// even as an ES module: give it those names.
globalThis.require ??= createRequire(import.meta.url);
globalThis.__dirname ??= dirname(fileURLToPath(import.meta.url));
const choice = process.env.LIFELINE_WASM_BUILD || "auto";
if (!["auto", "threads", "single"].includes(choice)) {
  process.stderr.write(`lifeline: LIFELINE_WASM_BUILD=${choice}: expected threads or single\n`);
  process.exit(2);
}
const threadsModule = new URL("./threads/lifeline.mjs", import.meta.url);
const threaded = choice === "threads" || (choice === "auto" && existsSync(threadsModule));
if (threaded && !existsSync(threadsModule)) {
  process.stderr.write("lifeline: this package has no threaded build (scripts/build_wasm.sh " +
                       "without --single makes it)\n");
  process.exit(2);
}
const moduleUrl = threaded ? threadsModule : new URL("./lifeline.js", import.meta.url);
const { default: createLifeline } = await import(moduleUrl);

// The threaded build's workers ready at the start: the program's own thread, the input
// watcher's, and the search's others as --threads asks (a later lifeline-set starts more).
function threadPool(args) {
  for (let i = 0; i < args.length; i++) {
    const match = /^--threads(?:=(.*))?$/.exec(args[i]);
    if (match) return Math.max(1, Number(match[1] ?? args[i + 1]) || 1) + 1;
  }
  return 2;
}

// Standard input cut into lines as bytes, so that the engine reads exactly what it was sent
// (a line that is not valid UTF-8 included), as the native program does.
const input = new LineQueue();
let partial = Buffer.alloc(0);
process.stdin.on("data", (chunk) => {
  let data = Buffer.concat([partial, chunk]);
  let end;
  while ((end = data.indexOf(10)) >= 0) {
    input.push(data.subarray(0, end));
    data = data.subarray(end + 1);
  }
  partial = data;
});
process.stdin.on("end", () => {
  if (partial.length > 0) input.push(partial);
  input.close();
});

// The host's folders at their own paths, and the host's working folder as the program's, so
// that a file named in a command is the file the native program would open. The program's
// own /dev, /proc and /tmp stay: the first two are its devices, and /tmp is mounted too.
function mountHostFolders(module) {
  const { FS } = module;
  const NODEFS = FS.filesystems.NODEFS;
  for (const entry of readdirSync("/", { withFileTypes: true })) {
    if (!entry.isDirectory() || ["dev", "proc", "sys"].includes(entry.name)) continue;
    const folder = `/${entry.name}`;
    if (!FS.analyzePath(folder).exists) FS.mkdir(folder);
    FS.mount(NODEFS, { root: folder }, folder);
  }
  FS.chdir(process.cwd());
}

const stdout = (line) => process.stdout.write(line + "\n");
const stderr = (line) => process.stderr.write(line + "\n");
try {
  await createLifeline({
    arguments: process.argv.slice(2),
    lifelineInput: input,
    wasmBinary: readFileSync(new URL("lifeline.wasm", moduleUrl)),
    lifelineThreadPool: threaded ? threadPool(process.argv.slice(2)) : 0,
    preRun: [mountHostFolders],
    print: stdout,
    printErr: stderr,
    onExit: (status) => process.exit(status),
  });
} catch (error) {
  if (!(error && error.name === "ExitStatus")) {
    stderr(`lifeline: ${error && error.message || error}`);
    process.exit(1);
  }
}
