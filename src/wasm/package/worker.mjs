// The engine in a Web Worker: the page's LifelineEngine (engine.mjs) sends it messages and it
// answers with the engine's output, line by line.
//
// From the page: {type: "start", args: [flags], build: "threads" | "single", threads,
// threadsFlag} once (`threads`: the search's threads where the threaded build runs, passed as
// --threads when `threadsFlag`, else the flags' own), then
// {type: "line", line} per input line and {type: "close"} to end the input. To the page:
// {type: "ready", build} (the build that runs: the threaded one may be missing from a package
// built with --single, and then the single-threaded one runs), {type: "line", line} per output
// line, {type: "log", line} per line of the engine's log (standard error), {type: "exit",
// status} when the program ends, and {type: "error", message} if it cannot start. To
// {type: "workers"} it answers {type: "workers", running, idle}: the threaded build's Web
// Workers that run a thread, and those kept for the next one.
import { LineQueue } from "./line_queue.mjs";

const input = new LineQueue();
let started = false;
let module = null;

// The module factory of the build asked for, and the build it is.
async function loadBuild(build) {
  if (build === "threads") {
    try {
      return { build, factory: (await import("./threads/lifeline.mjs")).default };
    } catch (error) {
      self.postMessage({ type: "log", line: `lifeline: no threaded build (${error}); one thread` });
    }
  }
  return { build: "single", factory: (await import("./lifeline.js")).default };
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "line") {
    input.push(String(message.line));
  } else if (message.type === "close") {
    input.close();
  } else if (message.type === "workers") {
    const threads = module && module.PThread;
    self.postMessage({ type: "workers", running: threads ? threads.runningWorkers.length : 0,
                       idle: threads ? threads.unusedWorkers.length : 0 });
  } else if (message.type === "start" && !started) {
    started = true;
    try {
      let loaded = await loadBuild(message.build);
      try {
        module = await instantiate(loaded, message);
      } catch (error) {
        // A browser that cannot give the threaded build its shared memory (a device short of
        // address space) still runs the other one.
        if (loaded.build !== "threads" || (error && error.name === "ExitStatus")) throw error;
        self.postMessage({ type: "log", line: `lifeline: the threaded build failed (${error}); one thread` });
        loaded = await loadBuild("single");
        module = await instantiate(loaded, message);
      }
      self.postMessage({ type: "ready", build: loaded.build });
    } catch (error) {
      // A program that quits at once (--version) ends by exiting, which is no failure.
      if (error && error.name === "ExitStatus") return;
      self.postMessage({ type: "error", message: String(error && error.message || error) });
    }
  }
};

// Instantiates the build, which starts the program with the page's flags.
function instantiate({ build, factory }, message) {
  const args = (message.args || []).map(String);
  const threads = build === "threads" ? Number(message.threads) || 0 : 0;
  if (threads > 0 && message.threadsFlag) args.unshift(`--threads=${threads}`);
  return factory({
    arguments: args,
    lifelineInput: input,
    // Workers ready at the start: the program's own thread, the input watcher's while a
    // search runs, and the search's others (a later `lifeline-set threads` starts more).
    lifelineThreadPool: build === "threads" ? Math.max(threads, 1) + 1 : 0,
    print: (line) => self.postMessage({ type: "line", line }),
    printErr: (line) => self.postMessage({ type: "log", line }),
    onExit: (status) => self.postMessage({ type: "exit", status }),
  });
}
