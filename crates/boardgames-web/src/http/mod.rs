//! The HTTP server: the routes, the limits every request meets (body size, one bot
//! thinking per core, a rate of `POST` requests by address and a time to answer:
//! [`limits`]), the headers of every answer (compression, a content security policy
//! that lets the page load nothing from elsewhere).

pub(crate) mod api;
mod assets;
pub mod limits;
mod state;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use axum::routing::{get, post};
use tokio::sync::Semaphore;
use tower_governor::GovernorLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::store::Store;
use state::{AppState, MAX_BODY};

/// The content security policy of every answer: scripts, styles, pictures and requests of
/// this server only (the SVG pictures are inserted as markup, the downloads are `blob:`).
const CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
                   script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
                   frame-ancestors 'none'; form-action 'self'";

/// The application without online play: every route of the page and of its requests.
pub fn router() -> Router {
    router_with(None)
}

/// The application: every route of the page and of its requests, and those of online play
/// when `online` is given (docs/online.md).
pub fn router_with(online: Option<crate::online::server::Online>) -> Router {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let state = Arc::new(AppState {
        games: Store::default(),
        replays: Store::default(),
        thinking: Arc::new(Semaphore::new(cores.max(1))),
    });
    let rate = limits::rate_config(limits::BURST, limits::REFILL);
    let new_rate = limits::rate_config(limits::NEW_BURST, limits::NEW_REFILL);
    limits::spawn_cleaner(&rate);
    limits::spawn_cleaner(&new_rate);
    // What holds memory until idle: a new game, a record opened, a replay page written.
    let new = Router::new()
        .route("/api/games", post(api::create))
        .route("/api/replays", post(api::open_replay))
        .route("/replay-page", post(api::replay_page))
        .route_layer(GovernorLayer::new(new_rate.clone()).error_handler(limits::refusal));
    let mut app = Router::new();
    if let Some(online) = online {
        use crate::online::server::routes as o;
        // Accounts and rooms made: the limits of what holds storage (as a new game).
        let made = Router::new()
            .route("/api/account/register", post(o::register))
            .route("/api/account/login", post(o::login))
            .route("/api/rooms", post(o::create_room))
            .route_layer(GovernorLayer::new(new_rate.clone()).error_handler(limits::refusal))
            .with_state(online.clone());
        app = app
            .route("/online/{id}", get(assets::index))
            .merge(made)
            .merge(
                Router::new()
                    .route("/api/account", get(o::account))
                    .route("/api/account/logout", post(o::logout))
                    .route("/api/account/password", post(o::password))
                    .route("/api/players/{name}", get(o::player))
                    .route("/api/rooms", get(o::lobby))
                    .route("/api/rooms/{id}", get(o::room))
                    .route("/api/rooms/{id}/join", post(o::join))
                    .route("/api/rooms/{id}/record", get(o::record))
                    .route("/api/rooms/{id}/ws", get(o::socket))
                    .with_state(online),
            );
    }
    app.route("/", get(assets::index))
        .route("/assets/{file}", get(assets::file))
        .route("/rules/{game}", get(assets::rules))
        .route("/api/catalog", get(api::catalog))
        .route("/api/games/{id}", get(api::show))
        .route("/api/games/{id}/act", post(api::act))
        .route("/api/games/{id}/advance", post(api::advance))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/hint", post(api::hint))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/replays/{id}/{k}", get(api::replay_frame))
        .merge(new)
        .fallback(assets::not_found)
        .with_state(state)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(GovernorLayer::new(rate).error_handler(limits::refusal))
        .layer(TimeoutLayer::with_status_code(
            limits::TIMEOUT_STATUS,
            limits::REQUEST_TIMEOUT,
        ))
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
}
