// The engine's standard input: lines that its host pushes, which the WebAssembly program takes
// one at a time (src/wasm/wasm_main.cc asks next() and waiting()). Once closed, the lines
// already pushed are still read, then next() answers null: the end of the input. The threaded
// build keeps its lines in its own memory instead: it connects a sink, which takes the lines
// held so far and every line after them (src/wasm/threads_input.js).

export class LineQueue {
  #lines = [];
  #waiter = null;
  #closed = false;
  #sink = null;

  push(line) {
    if (this.#closed) throw new Error("the engine's input is closed");
    if (this.#sink) {
      this.#sink.push(line);
      return;
    }
    this.#lines.push(line);
    this.#wake();
  }

  close() {
    this.#closed = true;
    if (this.#sink) this.#sink.close();
    this.#wake();
  }

  // Hands the lines to `sink` from now on (null: keeps them here again).
  connect(sink) {
    this.#sink = sink;
    if (!sink) return;
    for (const line of this.#lines.splice(0)) sink.push(line);
    if (this.#closed) sink.close();
  }

  // Whether next() would answer at once.
  waiting() {
    return this.#lines.length > 0 || this.#closed;
  }

  next() {
    if (this.waiting()) return Promise.resolve(this.#take());
    return new Promise((resolve) => {
      this.#waiter = () => resolve(this.#take());
    });
  }

  #take() {
    return this.#lines.length > 0 ? this.#lines.shift() : null;
  }

  #wake() {
    const waiter = this.#waiter;
    this.#waiter = null;
    if (waiter) waiter();
  }
}
