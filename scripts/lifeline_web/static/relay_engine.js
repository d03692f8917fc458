// The transport to a native engine on the server, through its relay (docs/user-guide.md): the
// same interface as the WebAssembly engine's LifelineEngine, so that the page's session
// (session.js) cannot tell them apart. Each command is one request; its answer comes back as
// one JSON object a line, a streaming answer's lines first. The server ends an engine whose
// page stops pinging it at the interval that the server gives (a browser that quit without
// unloading the page), so a living page pings.

// A "?" answer: the engine refused the command, and changed nothing.
export class GtpError extends Error {
  constructor(message, command) {
    super(message);
    this.name = "GtpError";
    this.command = command;
  }
}

// The relay refused a request or the engine behind it failed: `gone` when the server no longer
// has the engine, `stderr` the engine's last lines when it stopped.
export class RelayError extends Error {
  constructor(body, status) {
    super(body.error || `the relay answered ${status}`);
    this.name = "RelayError";
    this.status = status;
    this.gone = Boolean(body.gone);
    this.stderr = body.stderr || [];
  }
}

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new RelayError({ error: "the server does not answer: is scripts/web.py still running?" }, 0);
  }
  return response;
}

async function failure(response) {
  let body = {};
  try {
    body = await response.json();
  } catch (error) {
    body = { error: `unreadable answer from the server (${response.status})` };
  }
  return new RelayError(body, response.status);
}

export class RelayEngine {
  static async start({ onLog = null } = {}) {
    const response = await call("POST", "/relay/engines", {});
    if (!response.ok) throw await failure(response);
    const { id, ping_seconds: pingSeconds } = await response.json();
    return new RelayEngine(id, onLog, pingSeconds);
  }

  constructor(id, onLog, pingSeconds) {
    this.path = `/relay/engines/${id}`;
    this.onLog = onLog;
    this.streams = 0; // the streaming commands sent so far, numbered from 1
    this.running = null; // the streaming command's number while its answer is open
    this.ping = setInterval(() => call("GET", this.path).catch(() => {}), pingSeconds * 1000);
  }

  // Sends one command line; resolves with the answer's text, rejects with a GtpError for a
  // refusal or a RelayError. onLine takes each line of a streaming answer as it comes.
  async send(command, { onLine = null } = {}) {
    const stream = onLine ? ++this.streams : 0;
    if (onLine) this.running = stream;
    try {
      const response = await call("POST", this.path, { command, stream });
      if (!response.ok) throw await failure(response);
      let last = null;
      await readLines(response, (item) => {
        if ("line" in item) {
          if (onLine) onLine(item.line);
        } else {
          last = item;
        }
      });
      if (!last) throw new RelayError({ error: "the answer broke off" }, 0);
      if (last.error) throw new RelayError(last, 502);
      if (!last.ok) throw new GtpError(last.text, command);
      return last.text;
    } finally {
      if (this.running === stream) this.running = null;
    }
  }

  // Ends the streaming answer under way (or about to start): it resolves with its next line.
  stop() {
    if (this.running !== null) call("POST", `${this.path}/stop`, { stream: this.running }).catch(() => {});
  }

  async quit() {
    this.terminate();
  }

  // Ends the engine; a beacon outlives a page that is going away, where a request may not.
  terminate() {
    clearInterval(this.ping);
    if (!navigator.sendBeacon(`${this.path}/close`)) call("POST", `${this.path}/close`).catch(() => {});
  }
}

// Calls take(item) with each JSON object of a response of one object a line, as they arrive.
async function readLines(response, take) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value || new Uint8Array(), { stream: !done });
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line.trim()) take(JSON.parse(line));
    }
    if (done) return;
  }
}
