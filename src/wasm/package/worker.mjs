// The engine in a Web Worker: the page's LifelineEngine (engine.mjs) sends it messages and it
// answers with the engine's output, line by line.
//
// From the page: {type: "start", args: [flags]} once, then {type: "line", line} per input
// line and {type: "close"} to end the input. To the page: {type: "ready"}, {type: "line",
// line} per output line, {type: "log", line} per line of the engine's log (standard error),
// {type: "exit", status} when the program ends, and {type: "error", message} if it cannot
// start.
import createLifeline from "./lifeline.js";
import { LineQueue } from "./line_queue.mjs";

const input = new LineQueue();
let started = false;

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "line") {
    input.push(String(message.line));
  } else if (message.type === "close") {
    input.close();
  } else if (message.type === "start" && !started) {
    started = true;
    try {
      await createLifeline({
        arguments: (message.args || []).map(String),
        lifelineInput: input,
        print: (line) => self.postMessage({ type: "line", line }),
        printErr: (line) => self.postMessage({ type: "log", line }),
        onExit: (status) => self.postMessage({ type: "exit", status }),
      });
      self.postMessage({ type: "ready" });
    } catch (error) {
      // A program that quits at once (--version) ends by exiting, which is no failure.
      if (error && error.name === "ExitStatus") return;
      self.postMessage({ type: "error", message: String(error && error.message || error) });
    }
  }
};
