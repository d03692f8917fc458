"""The WebAssembly engine's package run in headless Chromium, as a command is run: flags and
input lines in, everything it printed out. Serves the package folder on a loopback port, then
starts the package's own Web Worker (worker.mjs) from a small page, once per run. Served
cross-origin isolated (the default), the page runs the package's threaded build where it has
one; `isolated=False` serves it without the headers, and the single-threaded build runs.

    with BrowserEngine("build-wasm/package") as engine:
        out = engine.run(["--bench-playouts", "7", "2"])
        out = engine.run([], ["lifeline-speed 7 2", "quit"])
"""

import contextlib
import functools
import http.server
import os
import threading

from .headless_chromium import chromium

RUNNER_PAGE = "lifeline-browser-runner.html"
_RUNNER_HTML = """<!doctype html>
<meta charset="utf-8">
<title>lifeline runner</title>
<script type="module">
// Runs the engine's worker with the given flags and input lines; resolves with its output
// once the program has exited (or failed to start).
window.runEngine = (args, lines) => new Promise((resolve) => {
  const worker = new Worker("./worker.mjs", { type: "module" });
  const out = [];
  const finish = (text) => { worker.terminate(); resolve(text); };
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "line") out.push(message.line + "\\n");
    if (message.type === "exit") finish(out.join(""));
    if (message.type === "error") finish(out.join("") + "error: " + message.message + "\\n");
  };
  worker.onerror = (event) => finish(out.join("") + "error: " + event.message + "\\n");
  worker.postMessage({ type: "start", args,
                       build: window.crossOriginIsolated ? "threads" : "single" });
  for (const line of lines) worker.postMessage({ type: "line", line });
  worker.postMessage({ type: "close" });
});
window.runnerReady = true;
</script>
"""


# The headers that isolate a page (lifeline_web.server.ISOLATION_HEADERS; the tools do not
# import the web package).
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}


class _PackageHandler(http.server.SimpleHTTPRequestHandler):
    """The package's files, and the runner page; JavaScript modules with their MIME type."""

    isolated = False

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm"})

    def do_GET(self):
        if self.path.split("?")[0] == "/" + RUNNER_PAGE:
            body = _RUNNER_HTML.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def end_headers(self):
        if self.isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


class _IsolatedPackageHandler(_PackageHandler):
    isolated = True


@contextlib.contextmanager
def serve_folder(folder, handler=None, isolated=False):
    """Serves `folder` on a free loopback port in a thread, with the isolation headers when
    `isolated`; yields the base URL."""
    handler = handler or (_IsolatedPackageHandler if isolated else _PackageHandler)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=os.path.abspath(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class BrowserEngine:
    """One headless Chromium on one served package, running the engine as often as asked."""

    def __init__(self, package_dir, timeout=600, isolated=True):
        if not os.path.isfile(os.path.join(package_dir, "worker.mjs")):
            raise FileNotFoundError(f"{package_dir} holds no worker.mjs: run scripts/build_wasm.sh")
        self.package_dir = package_dir
        self.timeout = timeout
        self.isolated = isolated
        self._stack = contextlib.ExitStack()
        self.driver = None

    def __enter__(self):
        url = self._stack.enter_context(serve_folder(self.package_dir, isolated=self.isolated))
        self.driver = self._stack.enter_context(chromium())
        self.driver.set_script_timeout(self.timeout)
        self.driver.get(f"{url}/{RUNNER_PAGE}")
        for _ in range(200):
            if self.driver.execute_script("return window.runnerReady === true;"):
                break
            threading.Event().wait(0.05)
        else:
            raise RuntimeError("the runner page did not load")
        return self

    def __exit__(self, *_exc):
        self._stack.close()

    def run(self, args, lines=()):
        """Everything the engine printed, started with `args` and fed `lines`, after it
        exited (at quit or at the end of the lines)."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.runEngine(arguments[0], arguments[1]).then(done);",
            list(args), list(lines))
