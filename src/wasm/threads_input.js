// Prepended to the threaded build's module (--pre-js): the host's side of its input. main()
// (wasm_threads_main.cc), in its own thread, calls this on the host's thread with the address of
// its line queue; the host's lifelineInput.connect(sink) then pushes each line through the sink.
// main() calls it with 0 before it returns, after which the host keeps its lines.
Module["lifelineConnectInput"] = function (queue) {
  if (queue === 0) {
    Module["lifelineInput"].connect(null);
    return;
  }
  Module["lifelineInput"].connect({
    push(line) {
      const bytes = typeof line === "string" ? new TextEncoder().encode(line) : line;
      const address = _malloc(bytes.length + 1);
      HEAPU8.set(bytes, address);
      _LifelineInputPush(queue, address, bytes.length);
      _free(address);
    },
    close() {
      _LifelineInputClose(queue);
    },
  });
};
