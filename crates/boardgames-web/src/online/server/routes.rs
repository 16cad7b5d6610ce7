//! The HTTP routes of online play: accounts (register, log in and out, change the password,
//! the account's games and ratings), rooms (create, the lobby, join, the record) and a
//! room's WebSocket. A session is an HttpOnly SameSite=Strict cookie; a request that
//! changes something under a session carries its CSRF token in `X-CSRF-Token`, and every
//! `POST` with an `Origin` must come from this server.

use std::sync::Arc;

use axum::Json;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::hub::{Hub, db_error, now_ms};
use super::ws;
use crate::error::ApiError;
use crate::http::api::Body;
use crate::online::spec::NewRoom;
use crate::online::store::SessionInfo;

/// The session cookie's name.
pub(crate) const COOKIE: &str = "bg_session";
/// A session's life, in seconds (30 days).
const SESSION_S: i64 = 30 * 24 * 3600;

/// What the online routes share.
#[derive(Debug, Clone)]
pub struct Online {
    pub(crate) hub: Arc<Hub>,
    /// Whether the session cookie is marked `Secure` (a server behind HTTPS).
    pub(crate) secure_cookies: bool,
}

/// The session token of the request's cookie.
fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_owned())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Refuses a request whose `Origin` is another site's.
fn same_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().unwrap_or("");
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    match host {
        Some(h) if h == origin_host => Ok(()),
        _ => Err(ApiError::Forbidden(
            "a request from another site's page is refused".into(),
        )),
    }
}

/// The request's session, if any; with `csrf`, a session's request must carry its token.
async fn session(
    online: &Online,
    headers: &HeaderMap,
    csrf: bool,
) -> Result<Option<(String, SessionInfo)>, ApiError> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let Some(info) = online
        .hub
        .db
        .session(&token, now_ms())
        .await
        .map_err(db_error)?
    else {
        return Ok(None);
    };
    if csrf {
        let sent = headers
            .get("x-csrf-token")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !constant_eq(sent.as_bytes(), info.csrf.as_bytes()) {
            return Err(ApiError::Unauthorized(
                "the request lacks this session's CSRF token (X-CSRF-Token)".into(),
            ));
        }
    }
    Ok(Some((token, info)))
}

/// Equality in a time that does not depend on where the texts differ.
fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn set_cookie(online: &Online, token: &str, max_age: i64) -> HeaderValue {
    let secure = if online.secure_cookies {
        "; Secure"
    } else {
        ""
    };
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// `{name, password}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    name: String,
    password: String,
}

async fn logged_in(online: &Online, account_id: &str, name: &str) -> Result<Response, ApiError> {
    let s = online
        .hub
        .db
        .create_session(account_id, now_ms())
        .await
        .map_err(db_error)?;
    let mut res = Json(json!({ "name": name, "csrf": s.csrf })).into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(online, &s.token, SESSION_S));
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// `POST /api/account/register`.
pub(crate) async fn register(
    State(online): State<Online>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    let account = online
        .hub
        .db
        .create_account(&c.name, &c.password, now_ms())
        .await
        .map_err(|e| match e {
            crate::online::store::DbError::Conflict(_) => {
                ApiError::Refused(format!("the name {:?} is taken", c.name))
            }
            e => db_error(e),
        })?;
    logged_in(&online, &account.id, &account.name).await
}

/// `POST /api/account/login`.
pub(crate) async fn login(
    State(online): State<Online>,
    headers: HeaderMap,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    let account = online
        .hub
        .db
        .check_password(&c.name, &c.password)
        .await
        .map_err(|e| match e {
            crate::online::store::DbError::NotFound(m) => ApiError::Unauthorized(m),
            e => db_error(e),
        })?;
    logged_in(&online, &account.id, &account.name).await
}

/// `POST /api/account/logout`.
pub(crate) async fn logout(
    State(online): State<Online>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    if let Some((token, _)) = session(&online, &headers, true).await? {
        online.hub.db.end_session(&token).await.map_err(db_error)?;
    }
    let mut res = Json(json!({ "ok": true })).into_response();
    res.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&online, "", 0));
    Ok(res)
}

/// `{old, new}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewPassword {
    old: String,
    new: String,
}

/// `POST /api/account/password`.
pub(crate) async fn password(
    State(online): State<Online>,
    headers: HeaderMap,
    Body(p): Body<NewPassword>,
) -> Result<Json<Value>, ApiError> {
    same_origin(&headers)?;
    let (token, info) = session(&online, &headers, true)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("log in first".into()))?;
    online
        .hub
        .db
        .change_password(&info.account.id, &p.old, &p.new, &token)
        .await
        .map_err(|e| match e {
            crate::online::store::DbError::Invalid(m) => ApiError::Refused(m),
            e => db_error(e),
        })?;
    Ok(Json(json!({ "ok": true })))
}

async fn account_json(online: &Online, id: &str, name: &str) -> Result<Value, ApiError> {
    let db = &online.hub.db;
    let ratings = db.ratings(id).await.map_err(db_error)?;
    let games = db.account_games(id, 100).await.map_err(db_error)?;
    Ok(json!({
        "name": name,
        "ratings": ratings.iter().map(|r| json!({
            "game": r.game, "rating": r.rating.round(), "games": r.games,
        })).collect::<Vec<_>>(),
        "games": games.iter().map(|g| json!({
            "room": g.room, "game": g.game, "seat": g.seat, "finished_ms": g.finished_ms,
            "result": g.result.as_deref().and_then(|r| serde_json::from_str::<Value>(r).ok()),
        })).collect::<Vec<_>>(),
    }))
}

/// `GET /api/account`: the session's account, 401 without one.
pub(crate) async fn account(
    State(online): State<Online>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, info) = session(&online, &headers, false)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("not logged in".into()))?;
    let mut v = account_json(&online, &info.account.id, &info.account.name).await?;
    v["csrf"] = json!(info.csrf);
    let mut res = Json(v).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// `GET /api/players/{name}`: an account's ratings and finished games.
pub(crate) async fn player(
    State(online): State<Online>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if name.len() > 64 {
        return Err(ApiError::NotFound);
    }
    let a = online
        .hub
        .db
        .account_by_name(&name)
        .await
        .map_err(db_error)?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(account_json(&online, &a.id, &a.name).await?))
}

/// `POST /api/rooms`.
pub(crate) async fn create_room(
    State(online): State<Online>,
    headers: HeaderMap,
    Body(request): Body<NewRoom>,
) -> Result<Json<Value>, ApiError> {
    same_origin(&headers)?;
    let s = session(&online, &headers, true).await?;
    let account = s
        .as_ref()
        .map(|(_, i)| (i.account.id.as_str(), i.account.name.as_str()));
    let created = online.hub.create(&request, account).await?;
    let handle = online.hub.load(&created.room).await?;
    let commitment = handle.loaded.lock().await.commitment.clone();
    Ok(Json(json!({
        "room": created.room,
        "seat": created.seat,
        "token": created.token,
        "invite": format!("/online/{}", created.room),
        "commitment": commitment,
    })))
}

/// `GET /api/rooms`: the lobby.
pub(crate) async fn lobby(State(online): State<Online>) -> Result<Json<Value>, ApiError> {
    let rooms = online.hub.db.lobby(100).await.map_err(db_error)?;
    Ok(Json(json!({
        "rooms": rooms.iter().map(|r| {
            let spec: Value = serde_json::from_str(&r.room.spec).unwrap_or(Value::Null);
            json!({
                "room": r.room.id,
                "game": r.room.game,
                "rules": spec["rules"], "form": spec["form"], "clock": spec["clock"],
                "marques": spec["marques"], "convention": spec["convention"],
                "created_ms": r.room.created_ms,
                "seats": r.seats.iter().map(|s| json!({
                    "seat": s.seat, "kind": s.kind,
                    "name": (s.kind != "open").then_some(&s.name),
                })).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
    })))
}

/// `GET /api/rooms/{id}`: the room as a spectator sees it.
pub(crate) async fn room(
    State(online): State<Online>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let handle = online.hub.load(&id).await?;
    online.hub.sync(&handle).await?;
    let loaded = handle.loaded.lock().await;
    Ok(Json(ws::state_message(&handle, &loaded, None)))
}

/// `{seat, name}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Join {
    seat: usize,
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/rooms/{id}/join`.
pub(crate) async fn join(
    State(online): State<Online>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(j): Body<Join>,
) -> Result<Json<Value>, ApiError> {
    same_origin(&headers)?;
    let s = session(&online, &headers, true).await?;
    let account = s
        .as_ref()
        .map(|(_, i)| (i.account.id.as_str(), i.account.name.as_str()));
    let name = j.name.as_deref().unwrap_or("guest");
    let token = online.hub.join(&id, j.seat, name, account).await?;
    Ok(Json(json!({ "room": id, "seat": j.seat, "token": token })))
}

/// `GET /api/rooms/{id}/record`: the record as text (the seed only once the game is over).
pub(crate) async fn record(
    State(online): State<Online>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let handle = online.hub.load(&id).await?;
    online.hub.sync(&handle).await?;
    let text = handle.loaded.lock().await.room.record_text();
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"room-{id}.txt\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/rooms/{id}/ws`: the room's WebSocket.
pub(crate) async fn socket(
    State(online): State<Online>,
    Path(id): Path<String>,
    headers: HeaderMap,
    extensions: axum::http::Extensions,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    same_origin(&headers)?;
    // The connections of one address are bounded (its peer address, as the rates of
    // `http::limits`; loopback in-process).
    let ip = extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), |c| {
            c.0.ip()
        });
    let slot = online.hub.admit(ip, ws::MAX_PER_ADDRESS)?;
    let handle = online.hub.load(&id).await?;
    online.hub.sync(&handle).await?;
    let account_seat = match session(&online, &headers, false).await? {
        Some((_, info)) => handle
            .loaded
            .lock()
            .await
            .room
            .seat_of_account(&info.account.id),
        None => None,
    };
    let hub = Arc::clone(&online.hub);
    Ok(upgrade
        .max_message_size(ws::MAX_READ_BYTES)
        .max_frame_size(ws::MAX_READ_BYTES)
        .on_upgrade(move |socket| async move {
            ws::serve(hub, handle, socket, account_seat).await;
            drop(slot);
        }))
}
