//! The rates and times every client meets, by address: at most [`BURST`] requests that
//! change something (`POST`) at once, refilled at one every [`REFILL`]; of them, at most
//! [`NEW_BURST`] that start a game or open a record, refilled at one every [`NEW_REFILL`]
//! (each holds memory on the server until it is idle for half an hour); and an answer
//! within [`REQUEST_TIMEOUT`]. A person playing, or watching bots at the fastest speed,
//! stays far below them.
//!
//! The address is the connection's peer (`ConnectInfo`, given by [`crate::serve`]); no
//! header such as `X-Forwarded-For` is trusted, since any client could write one. A request
//! without a peer address (a test calling the router in the same process) counts as the
//! loopback address.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use governor::middleware::NoOpMiddleware;
use tower_governor::GovernorError;
use tower_governor::governor::{GovernorConfig, GovernorConfigBuilder};
use tower_governor::key_extractor::KeyExtractor;

use crate::error::ApiError;

/// The most `POST` requests one address may send at once before it must wait.
pub const BURST: u32 = 600;

/// The time after which one more `POST` request is allowed to an address that used its
/// [`BURST`]: 50 a second on average.
pub const REFILL: Duration = Duration::from_millis(20);

/// The most games started or records opened by one address at once before it must wait.
pub const NEW_BURST: u32 = 100;

/// The time after which one more game or record is allowed to an address that used its
/// [`NEW_BURST`]: 20 a minute on average.
pub const NEW_REFILL: Duration = Duration::from_secs(3);

/// The longest a request may take, reading its body included, before it is answered 408.
/// A bot's decision is bounded by its budget and takes a few seconds at most on one core.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// The client's address: the connection's peer, or loopback in-process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PeerAddress;

impl KeyExtractor for PeerAddress {
    type Key = IpAddr;

    fn extract<T>(&self, req: &Request<T>) -> Result<IpAddr, GovernorError> {
        Ok(req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |c| c.0.ip()))
    }
}

/// The rate limit of `POST` requests by address.
pub(crate) type RateConfig = GovernorConfig<PeerAddress, NoOpMiddleware>;

/// A rate limit of `POST` requests by address: `burst` at once, one more every `refill`
/// (neither zero).
pub(crate) fn rate_config(burst: u32, refill: Duration) -> Arc<RateConfig> {
    let mut builder = GovernorConfigBuilder::default().key_extractor(PeerAddress);
    let config = builder
        .period(refill)
        .burst_size(burst)
        .methods(vec![Method::POST])
        .finish()
        .map(Arc::new);
    // `finish` refuses only a zero period or burst, which the constants are not.
    config.unwrap_or_else(|| unreachable!("a rate limit of zero"))
}

/// The answer to a request over the rate: `too_many_requests`, 429, with the wait in its
/// message and in `Retry-After`.
pub(crate) fn refusal(error: GovernorError) -> Response {
    match error {
        GovernorError::TooManyRequests { wait_time, .. } => {
            let wait = wait_time.max(1);
            let mut response = ApiError::TooManyRequests(wait).into_response();
            // The standard header beside the message, in whole seconds.
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(wait));
            response
        }
        other => ApiError::internal(other.to_string()).into_response(),
    }
}

/// Forgets, every minute, the addresses whose quota is full again, so that the limiter's
/// memory stays bounded by the addresses of the last minute.
pub(crate) fn spawn_cleaner(config: &Arc<RateConfig>) {
    let limiter = Arc::clone(config.limiter());
    if tokio::runtime::Handle::try_current().is_ok() {
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                limiter.retain_recent();
                limiter.shrink_to_fit();
            }
        });
    }
}

/// The status of a request that took longer than [`REQUEST_TIMEOUT`].
pub(crate) const TIMEOUT_STATUS: StatusCode = StatusCode::REQUEST_TIMEOUT;
