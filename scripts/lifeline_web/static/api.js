// Requests to the server's JSON API (docs/user-guide.md lists it). Every failure becomes an
// ApiFailure that carries the HTTP status and the server's JSON body. A page written by
// `scripts/web.py --static` (its <html data-backend="wasm">) has no server: the same API is
// answered inside the page by the WebAssembly engine (local_server.js), loaded only there.

export class ApiFailure extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `request failed (${status})`);
    this.status = status;
    this.body = body || {};
  }
}

const localServer = document.documentElement.dataset.backend === "wasm"
  ? import("./local_server.js").then((module) => ({ module, server: new module.LocalServer() }))
  : null;

async function localRequest(method, path, body) {
  const { module, server } = await localServer;
  try {
    // A copy, as a request body would be: the answer must not share objects with the game.
    return structuredClone(await server.handle(method, path, body));
  } catch (error) {
    if (error instanceof module.ApiError) {
      throw new ApiFailure(error.status, { error: error.message, ...error.details });
    }
    throw new ApiFailure(500, { error: `the page's engine failed: ${error.message || error}` });
  }
}

export async function request(method, path, body) {
  if (localServer) return localRequest(method, path, body);
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiFailure(0, { error: "the server does not answer: is scripts/web.py still running?" });
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch (error) {
    payload = { error: `unreadable answer from the server (${response.status})` };
  }
  if (!response.ok) throw new ApiFailure(response.status, payload);
  return payload;
}

export const get = (path) => request("GET", path);
export const post = (path, body = {}) => request("POST", path, body);

// Closes a game as the page goes away: a beacon outlives the page, where a request may not.
export function closeOnLeaving(path) {
  if (localServer) {
    request("POST", path).catch(() => {});
  } else {
    navigator.sendBeacon(path);
  }
}
