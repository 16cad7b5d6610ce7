//! A room's WebSocket: the first message says who is connecting (a seat's token, an
//! account's seat, or nobody: a spectator), then every change of the room is sent as a
//! `state` and every message is checked and stored by the [`Hub`] or refused with its reason.
//! Sizes and rates are bounded per connection (docs/online.md).

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use governor::{Quota, RateLimiter};
use serde_json::{Value, json};

use super::hub::{Handle, Hub, now_ms};
use crate::error::ApiError;
use crate::online::protocol::{ClientMessage, MAX_MESSAGE_BYTES, decode};
use crate::online::room::Status;

/// Messages a second a connection may send, after a burst of [`BURST`].
pub const PER_SECOND: u32 = 20;
/// The burst of messages a connection may send at once.
pub const BURST: u32 = 40;
/// The most connections a room has at once in a process (seats and spectators).
pub const MAX_PER_ROOM: usize = 64;
/// The most connections a seat has at once in a process (a player's tabs and devices).
pub const MAX_PER_SEAT: usize = 8;
/// The most connections of one address at once in a process, to every room.
pub const MAX_PER_ADDRESS: usize = 256;
/// The time a new connection has to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// The refusals a connection may earn before it is closed (a client that only sends junk).
const MAX_REFUSALS: u32 = 200;
/// The largest message the WebSocket reads at all, in bytes: a message over
/// [`MAX_MESSAGE_BYTES`] and up to this is refused `too_large` with its reason and the
/// connection goes on; a larger one closes the connection (close code 1009, *message too
/// big*, with its reason).
pub(crate) const MAX_READ_BYTES: usize = 8 * MAX_MESSAGE_BYTES;

/// Closes `socket` with `code` and `reason` (a close frame the client reads, rather than a
/// connection dropped without a word).
async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let frame = axum::extract::ws::CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

fn refused(e: &ApiError) -> String {
    json!({ "type": "refused", "code": e.code(), "reason": e.to_string() }).to_string()
}

/// The `state` message of the room for `seat`.
pub(crate) fn state_message(
    handle: &Handle,
    loaded: &super::hub::Loaded,
    seat: Option<usize>,
) -> Value {
    let now = now_ms();
    let mut v = loaded.room.view(seat, now);
    v["room"] = json!(handle.id);
    v["commitment"] = json!(loaded.commitment);
    if loaded.room.status() == Status::Over {
        v["salt"] = json!(loaded.salt);
    }
    if let Some(seats) = v["seats"].as_array_mut() {
        for (k, s) in seats.iter_mut().enumerate() {
            let here = loaded.connections.get(k).is_some_and(|c| *c > 0);
            // Another process's connection (PostgreSQL): written within two watches.
            let seen = loaded
                .last_seen
                .get(k)
                .copied()
                .flatten()
                .is_some_and(|t| now - t < 12_000);
            s["present"] = json!(s["kind"] == "bot" || here || seen);
        }
    }
    v
}

/// Serves one connection of room `handle` until it closes. `account_seat` is the seat the
/// connection's logged-in account holds in the room, if any.
pub(crate) async fn serve(
    hub: Arc<Hub>,
    handle: Arc<Handle>,
    mut socket: WebSocket,
    account_seat: Option<usize>,
) {
    // The first message: hello.
    let hello = tokio::time::timeout(HELLO_WITHIN, socket.recv()).await;
    let seat = match hello {
        Ok(Some(Ok(Message::Text(text)))) => match decode(text.as_str()) {
            Ok(ClientMessage::Hello { token: Some(t) }) => {
                match hub.seat_of_token(&handle.id, &t).await {
                    Ok(Some(s)) => Some(s),
                    Ok(None) => {
                        let e = ApiError::Unauthorized(
                            "this token holds no seat of this room: watching".into(),
                        );
                        let _ = socket.send(Message::Text(refused(&e).into())).await;
                        None
                    }
                    Err(e) => {
                        let _ = socket.send(Message::Text(refused(&e).into())).await;
                        return;
                    }
                }
            }
            Ok(ClientMessage::Hello { token: None }) => account_seat,
            Ok(_) => {
                let e = ApiError::BadRequest("the first message is hello".into());
                let _ = socket.send(Message::Text(refused(&e).into())).await;
                return;
            }
            Err(e) => {
                let _ = socket.send(Message::Text(refused(&e).into())).await;
                return;
            }
        },
        _ => return,
    };
    let mut changes = handle.changes.subscribe();
    {
        let mut loaded = handle.loaded.lock().await;
        if loaded.connections.iter().sum::<usize>() + loaded.watchers >= MAX_PER_ROOM {
            let e = ApiError::Refused(format!("the room has {MAX_PER_ROOM} connections already"));
            let _ = socket.send(Message::Text(refused(&e).into())).await;
            return;
        }
        if let Some(s) = seat
            && loaded
                .connections
                .get(s)
                .is_some_and(|c| *c >= MAX_PER_SEAT)
        {
            let e = ApiError::Refused(format!(
                "seat {s} has {MAX_PER_SEAT} connections already: close one"
            ));
            let _ = socket.send(Message::Text(refused(&e).into())).await;
            return;
        }
        match seat {
            Some(s) => {
                if let Some(c) = loaded.connections.get_mut(s) {
                    *c += 1;
                }
                loaded.absent_since[s] = None;
            }
            None => loaded.watchers += 1,
        }
        let state = state_message(&handle, &loaded, seat);
        drop(loaded);
        if socket
            .send(Message::Text(state.to_string().into()))
            .await
            .is_err()
        {
            release(&handle, seat).await;
            return;
        }
    }
    let quota = Quota::per_second(NonZeroU32::new(PER_SECOND).unwrap_or(NonZeroU32::MIN))
        .allow_burst(NonZeroU32::new(BURST).unwrap_or(NonZeroU32::MIN));
    let limiter = RateLimiter::direct(quota);
    let mut refusals = 0u32;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ApiError::BadRequest("messages are JSON text".into());
                        if socket.send(Message::Text(refused(&e).into())).await.is_err() { break; }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Err(e)) if e.to_string().contains("too long") || e.to_string().contains("too big") => {
                        close(&mut socket, 1009, &format!("a message over {MAX_READ_BYTES} bytes: the connection is closed")).await;
                        break;
                    }
                    _ => break,
                };
                let answer = if limiter.check().is_err() {
                    Err(ApiError::TooManyRequests(1))
                } else if text.len() > MAX_MESSAGE_BYTES {
                    Err(ApiError::TooLarge(MAX_MESSAGE_BYTES))
                } else {
                    match decode(text.as_str()) {
                        Ok(ClientMessage::Ping) => {
                            if socket.send(Message::Text(json!({"type": "pong"}).to_string().into())).await.is_err() { break; }
                            Ok(())
                        }
                        Ok(ClientMessage::Hello { .. }) => Err(ApiError::Refused("hello is said once".into())),
                        Ok(m) => hub.message(&handle, seat, &m).await,
                        Err(e) => Err(e),
                    }
                };
                if let Err(e) = answer {
                    refusals += 1;
                    if socket.send(Message::Text(refused(&e).into())).await.is_err() {
                        break;
                    }
                    if refusals > MAX_REFUSALS {
                        close(&mut socket, 1008, &format!("more than {MAX_REFUSALS} messages refused: the connection is closed")).await;
                        break;
                    }
                    if let ApiError::Stale(_) = e {
                        let loaded = handle.loaded.lock().await;
                        let state = state_message(&handle, &loaded, seat);
                        drop(loaded);
                        if socket.send(Message::Text(state.to_string().into())).await.is_err() { break; }
                    }
                }
            }
            change = changes.recv() => {
                match change {
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        // Later changes waiting: the last state says them all.
                        while changes.try_recv().is_ok() {}
                        let loaded = handle.loaded.lock().await;
                        let state = state_message(&handle, &loaded, seat);
                        drop(loaded);
                        if socket.send(Message::Text(state.to_string().into())).await.is_err() { break; }
                    }
                    Err(_) => break,
                }
            }
        }
    }
    release(&handle, seat).await;
}

async fn release(handle: &Handle, seat: Option<usize>) {
    let mut loaded = handle.loaded.lock().await;
    match seat {
        Some(s) => {
            if let Some(c) = loaded.connections.get_mut(s) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    loaded.absent_since[s] = Some(now_ms());
                }
            }
        }
        None => loaded.watchers = loaded.watchers.saturating_sub(1),
    }
}
