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

/** The session's CSRF token (`GET /api/account`'s `csrf`), sent with every `POST` once logged in. */
let csrf = null;

/** Keeps the CSRF token of the session (null when logged out). */
export function setCsrf(token) {
  csrf = token || null;
}

async function request(method, path, body) {
  let response;
  const headers = body === undefined ? {} : { "content-type": "application/json" };
  if (method === "POST" && csrf) headers["x-csrf-token"] = csrf;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
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
  if (!response.ok) throw new ApiError(data.error || data.code || "internal", data.message || "", response.status);
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

// Online play (docs/online.md): rooms and accounts.
const room = (id) => `/api/rooms/${encodeURIComponent(id)}`;
export const createRoom = (spec) => request("POST", "/api/rooms", spec);
export const lobby = () => request("GET", "/api/rooms");
export const roomSummary = (id) => request("GET", room(id));
export const joinRoom = (id, seat, name) => request("POST", `${room(id)}/join`, { seat, name });
export const roomRecordUrl = (id) => `${room(id)}/record`;
/** The WebSocket address of a room, on this page's host (`wss:` under `https:`). */
export const roomSocketUrl = (id) => `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${room(id)}/ws`;
export const account = () => request("GET", "/api/account");
export const register = (name, password) => request("POST", "/api/account/register", { name, password });
export const login = (name, password) => request("POST", "/api/account/login", { name, password });
export const logout = () => request("POST", "/api/account/logout", {});
export const changePassword = (old, next) => request("POST", "/api/account/password", { old, new: next });
