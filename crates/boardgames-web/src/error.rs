//! The errors of the server: [`ApiError`], what a request gets back when it is refused (a
//! status, a code the page translates and the crates' message), and [`WebError`], why the
//! server could not start or stopped.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use thiserror::Error;

/// Why a request was refused. Every refusal changes nothing: the game stays as it was.
///
/// The page receives `{"error": CODE, "message": TEXT}` with the HTTP status of the code;
/// `TEXT` is the rules crates' own message where one exists.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ApiError {
    /// A request the server cannot read (a field missing or of the wrong type, an unknown
    /// game or option, a rules string the crates refuse): `bad_request`, 400.
    #[error("{0}")]
    BadRequest(String),
    /// An uploaded or pasted record that cannot be read or replayed: `bad_record`, 400.
    #[error("{0}")]
    BadRecord(String),
    /// An action the rules refuse: `illegal`, 422.
    #[error("{0}")]
    Illegal(String),
    /// An action while a bot or the dice are to act: `not_your_turn`, 409.
    #[error("it is not your turn")]
    NotYourTurn,
    /// A request that does not fit the game now (undo with nothing to undo, a move after
    /// the end): `refused`, 409.
    #[error("{0}")]
    Refused(String),
    /// The request names a game the server does not hold (ended long ago, or the server
    /// was started again): `not_found`, 404.
    #[error("no such game on this server")]
    NotFound,
    /// A path under `/api/` that the server does not answer (the path, at most 200
    /// characters): `not_found`, 404.
    #[error("this server has no request {0}")]
    NoSuchRequest(String),
    /// The request's body is larger than the server reads: `too_large`, 413.
    #[error("the request is larger than {0} bytes")]
    TooLarge(usize),
    /// The server holds as many games as it may: `busy`, 503.
    #[error("the server holds {0} games already; try again later")]
    Busy(usize),
    /// More requests from one address than the server takes (`BURST` at once, then a few a
    /// second): `too_many_requests`, 429, with the seconds to wait.
    #[error("too many requests from this address: wait {0} s")]
    TooManyRequests(u64),
    /// A fault of the server itself (a bug): `internal`, 500.
    #[error("internal error: {0}")]
    Internal(String),
    /// Online play: a message for an older state of the room than the one it is at now (sent
    /// twice, or crossing another's action): `stale`, 409, with the room's sequence number.
    #[error("the room has moved on (it is at {0}): look at it again")]
    Stale(u64),
    /// Online play: an action for a seat that is not the sender's (a spectator's, another
    /// seat's): `forbidden`, 403.
    #[error("{0}")]
    Forbidden(String),
    /// Online play: a request that needs a logged-in account or a valid session, a wrong
    /// name or password, a missing CSRF token: `unauthorized`, 401.
    #[error("{0}")]
    Unauthorized(String),
    /// Online play: the database cannot be reached just now; nothing was stored, the
    /// request may be sent again: `unavailable`, 503.
    #[error("the database is unavailable ({0}); nothing was stored: try again")]
    Unavailable(String),
}

impl ApiError {
    /// An internal error with its text.
    pub(crate) fn internal(text: impl Into<String>) -> ApiError {
        ApiError::Internal(text.into())
    }

    /// The code the page reads.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::BadRecord(_) => "bad_record",
            ApiError::Illegal(_) => "illegal",
            ApiError::NotYourTurn => "not_your_turn",
            ApiError::Refused(_) => "refused",
            ApiError::NotFound | ApiError::NoSuchRequest(_) => "not_found",
            ApiError::TooLarge(_) => "too_large",
            ApiError::Busy(_) => "busy",
            ApiError::TooManyRequests(_) => "too_many_requests",
            ApiError::Internal(_) => "internal",
            ApiError::Stale(_) => "stale",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Unavailable(_) => "unavailable",
        }
    }

    /// The HTTP status of the refusal.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) | ApiError::BadRecord(_) => StatusCode::BAD_REQUEST,
            ApiError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotYourTurn | ApiError::Refused(_) | ApiError::Stale(_) => {
                StatusCode::CONFLICT
            }
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::NotFound | ApiError::NoSuchRequest(_) => StatusCode::NOT_FOUND,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.code(), "message": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}

/// Why the server could not start, or stopped.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum WebError {
    /// The address cannot be listened on (in use, not this machine's, no permission).
    #[error("cannot listen on {address}: {source}")]
    Bind {
        /// The address asked for.
        address: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The address given is not an IP address and port.
    #[error("invalid address {0:?}: expected an IP address such as 127.0.0.1 or ::1")]
    Address(String),
    /// The database of online play cannot be opened or read at start.
    #[error("the database: {0}")]
    Database(String),
    /// The server failed while running (its runtime could not start, or the listener
    /// failed).
    #[error("the server stopped: {0}")]
    Io(#[from] std::io::Error),
}
