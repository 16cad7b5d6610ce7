//! The JSON requests of the page: start a game, see it, act, let the bots and the dice
//! act, undo, resign, a hint, the record; open a record to replay it. Each refusal is an
//! [`ApiError`] and changes nothing.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::state::{AppState, MAX_BODY};
use crate::error::ApiError;
use crate::games::{self, NewGame, Table};
use crate::replay::{self, Replayer};
use crate::store::{Handle, lock};

/// A JSON body, refused as an [`ApiError`] (a JSON answer the page reads) when it cannot be
/// read or is too large.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Body(v)),
            Err(e) => Err(rejection(&e)),
        }
    }
}

/// The refusal of a body that cannot be read.
fn rejection(e: &JsonRejection) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge(MAX_BODY)
    } else {
        ApiError::BadRequest(e.body_text())
    }
}

/// Runs `f` on a blocking thread (a bot thinks for up to a few seconds), one at a time per
/// core: the server answers other requests meanwhile. The permit goes with the thread, so
/// a request that times out while its bot thinks still holds its core until the bot is done.
async fn blocking<T: Send + 'static>(
    state: &AppState,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = Arc::clone(&state.thinking)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal("the server is stopping"))?;
    tokio::task::spawn_blocking(move || {
        let answer = f();
        drop(permit);
        answer
    })
    .await
    .map_err(|e| ApiError::internal(format!("a request failed: {e}")))?
}

/// The page's answer for a game: its id, its view, and the steps a request applied.
fn answer(id: &str, table: &dyn Table, steps: Vec<Value>) -> Value {
    json!({ "id": id, "view": table.view(), "steps": steps })
}

/// `GET /api/catalog`: the games, their bots and options.
pub(crate) async fn catalog() -> axum::Json<Value> {
    axum::Json(games::catalog())
}

/// `POST /api/games`: starts a game ([`NewGame`]), played until a person is to act.
pub(crate) async fn create(
    State(state): State<Arc<AppState>>,
    Body(request): Body<NewGame>,
) -> Result<axum::Json<Value>, ApiError> {
    let st = Arc::clone(&state);
    let value = blocking(&state, move || {
        let (table, steps) = games::start(&request)?;
        let (id, handle) = st.games.insert(table)?;
        let held = lock(&handle);
        Ok(answer(&id, held.as_ref(), steps))
    })
    .await?;
    Ok(axum::Json(value))
}

/// The game of an id in a path.
fn game(state: &AppState, id: &str) -> Result<Handle<Box<dyn Table>>, ApiError> {
    if id.len() > 64 {
        return Err(ApiError::NotFound);
    }
    state.games.get(id)
}

/// `GET /api/games/{id}`: the game now.
pub(crate) async fn show(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<axum::Json<Value>, ApiError> {
    let handle = game(&state, &id)?;
    let value = blocking(&state, move || {
        let held = lock(&handle);
        Ok(answer(&id, held.as_ref(), Vec::new()))
    })
    .await?;
    Ok(axum::Json(value))
}

/// The body of a request that changes a game: `seq`, the number of actions the page has
/// seen (a request made on an older view is refused), and the action's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Change {
    seq: usize,
    #[serde(default)]
    action: Option<String>,
    #[serde(default)]
    max: Option<usize>,
}

/// What a [`Change`] asks.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Verb {
    Act,
    Advance,
    Undo,
    Resign,
    Hint,
}

async fn change(
    state: Arc<AppState>,
    id: String,
    change: Change,
    verb: Verb,
) -> Result<axum::Json<Value>, ApiError> {
    let handle = game(&state, &id)?;
    let value = blocking(&state, move || {
        let mut held = lock(&handle);
        if held.len() != change.seq {
            return Err(ApiError::Refused(format!(
                "the game has moved on ({} actions, not {}): reload it",
                held.len(),
                change.seq
            )));
        }
        let steps = match verb {
            Verb::Act => {
                let text = change
                    .action
                    .as_deref()
                    .ok_or_else(|| ApiError::BadRequest("missing field `action`".into()))?;
                if text.len() > 256 {
                    return Err(ApiError::Illegal(
                        "the action is longer than 256 bytes".into(),
                    ));
                }
                held.act(text)?
            }
            Verb::Advance => held.advance(change.max.unwrap_or(1))?,
            Verb::Undo => {
                held.undo()?;
                Vec::new()
            }
            Verb::Resign => {
                held.resign()?;
                Vec::new()
            }
            Verb::Hint => {
                let hint = held.hint()?;
                return Ok(json!({ "id": id, "hint": hint }));
            }
        };
        Ok(answer(&id, held.as_ref(), steps))
    })
    .await?;
    Ok(axum::Json(value))
}

/// `POST /api/games/{id}/act`: a person's action (`{"seq", "action"}`), then the bots' and
/// the dice's until a person is to act.
pub(crate) async fn act(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(c): Body<Change>,
) -> Result<axum::Json<Value>, ApiError> {
    change(state, id, c, Verb::Act).await
}

/// `POST /api/games/{id}/advance`: the next `max` actions (1 by default) of the bots and
/// the dice, for a game watched.
pub(crate) async fn advance(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(c): Body<Change>,
) -> Result<axum::Json<Value>, ApiError> {
    change(state, id, c, Verb::Advance).await
}

/// `POST /api/games/{id}/undo`.
pub(crate) async fn undo(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(c): Body<Change>,
) -> Result<axum::Json<Value>, ApiError> {
    change(state, id, c, Verb::Undo).await
}

/// `POST /api/games/{id}/resign`.
pub(crate) async fn resign(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(c): Body<Change>,
) -> Result<axum::Json<Value>, ApiError> {
    change(state, id, c, Verb::Resign).await
}

/// `POST /api/games/{id}/hint`.
pub(crate) async fn hint(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Body(c): Body<Change>,
) -> Result<axum::Json<Value>, ApiError> {
    change(state, id, c, Verb::Hint).await
}

/// `GET /api/games/{id}/record`: the record so far, as a file to save.
pub(crate) async fn record(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let handle = game(&state, &id)?;
    let (text, key) = {
        let held = lock(&handle);
        (held.record().to_string(), held.key())
    };
    let disposition = format!("attachment; filename=\"{key}-{id}.txt\"");
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}

/// The body of `POST /api/replays`: a record's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OpenRecord {
    record: String,
}

/// `POST /api/replays`: a record read and replayed; its steps.
pub(crate) async fn open_replay(
    State(state): State<Arc<AppState>>,
    Body(body): Body<OpenRecord>,
) -> Result<axum::Json<Value>, ApiError> {
    let st = Arc::clone(&state);
    let value = blocking(&state, move || {
        let replayer = replay::open(&body.record)?;
        let steps = replayer.steps();
        let frame = replayer.frame(0);
        let (id, _) = st.replays.insert(replayer)?;
        Ok(json!({ "id": id, "replay": steps, "frame": frame }))
    })
    .await?;
    Ok(axum::Json(value))
}

/// `GET /api/replays/{id}/{k}`: the picture after the first `k` actions.
pub(crate) async fn replay_frame(
    State(state): State<Arc<AppState>>,
    Path((id, k)): Path<(String, usize)>,
) -> Result<axum::Json<Value>, ApiError> {
    if id.len() > 64 {
        return Err(ApiError::NotFound);
    }
    let handle: Handle<Box<dyn Replayer>> = state.replays.get(&id)?;
    let value = blocking(&state, move || Ok(lock(&handle).frame(k))).await?;
    Ok(axum::Json(value))
}

/// The form of `POST /replay-page`: a record's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PageForm {
    record: String,
}

/// The content security policy of the replay page: a self-contained document (its script
/// and style inline, its pictures inline SVG), which loads and calls nothing.
const PAGE_CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
                        img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `POST /replay-page` (a form): the replay page of a record, as `boardgames view` writes
/// it (each step's picture, and for trictrac the throw, its events and the marks).
pub(crate) async fn replay_page(
    State(state): State<Arc<AppState>>,
    form: Result<axum::Form<PageForm>, axum::extract::rejection::FormRejection>,
) -> Result<Response, ApiError> {
    let axum::Form(form) = form.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(MAX_BODY)
        } else {
            ApiError::BadRequest(e.body_text())
        }
    })?;
    let html = blocking(&state, move || {
        let record = games::read_record(&form.record)?;
        boardgames_arena::replay_page::replay_page(&record)
            .map_err(|e| ApiError::BadRecord(e.to_string()))
    })
    .await?;
    let mut response = axum::response::Html(html).into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(PAGE_CSP),
    );
    Ok(response)
}
