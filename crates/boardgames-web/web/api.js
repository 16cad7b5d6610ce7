// The server's requests. Each answer is JSON; a refusal throws an ApiError carrying the
// server's code and message (the rules crates' own words).

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError("network", String(e), 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    // The one answer without JSON: the server's time limit (408, an empty body).
    if (response.status === 408) throw new ApiError("timeout", "", 408);
    throw new ApiError("internal", `not JSON (${response.status})`, response.status);
  }
  if (!response.ok) throw new ApiError(data.error || "internal", data.message || "", response.status);
  return data;
}

export const catalog = () => request("GET", "/api/catalog");
export const create = (setup) => request("POST", "/api/games", setup);
export const show = (id) => request("GET", `/api/games/${encodeURIComponent(id)}`);
const change = (verb) => (id, body) => request("POST", `/api/games/${encodeURIComponent(id)}/${verb}`, body);
export const act = change("act");
export const advance = change("advance");
export const undo = change("undo");
export const resign = change("resign");
export const hint = change("hint");
export const recordUrl = (id) => `/api/games/${encodeURIComponent(id)}/record`;
export const openReplay = (record) => request("POST", "/api/replays", { record });
export const replayFrame = (id, k) => request("GET", `/api/replays/${encodeURIComponent(id)}/${k}`);
