// Requests to the server's JSON API (docs/user-guide.md lists it). Every failure becomes an
// ApiFailure that carries the HTTP status and the server's JSON body.

export class ApiFailure extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `request failed (${status})`);
    this.status = status;
    this.body = body || {};
  }
}

export async function request(method, path, body) {
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
