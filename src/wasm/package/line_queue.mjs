// The engine's standard input: lines that its host pushes, which the WebAssembly program takes
// one at a time (src/wasm/wasm_main.cc asks next() and waiting()). Once closed, the lines
// already pushed are still read, then next() answers null: the end of the input.

export class LineQueue {
  #lines = [];
  #waiter = null;
  #closed = false;

  push(line) {
    if (this.#closed) throw new Error("the engine's input is closed");
    this.#lines.push(line);
    this.#wake();
  }

  close() {
    this.#closed = true;
    this.#wake();
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
