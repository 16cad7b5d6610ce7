//! The messages of a room's WebSocket: what a client may send ([`ClientMessage`], read by
//! [`decode`] within [`MAX_MESSAGE_BYTES`]) and what the server answers (built as JSON by the
//! room: `state`, `refused`, `pong`; docs/online.md lists them all).

use serde::Deserialize;

use crate::error::ApiError;

/// The longest message a client may send, in bytes: an action's text is under 200 bytes, a
/// seat token 64.
pub const MAX_MESSAGE_BYTES: usize = 8 * 1024;

/// The longest action text read, in bytes.
pub const MAX_ACTION_BYTES: usize = 512;

/// A message of a client, a JSON object with a `type`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of a connection: the seat's token (64 hexadecimal digits), or none
    /// to watch (an account's session cookie also gives its seats).
    Hello {
        /// The seat's token, as `POST /api/rooms` or `join` gave it.
        #[serde(default)]
        token: Option<String>,
    },
    /// An action in the game's notation, for the room at `seq`.
    Act {
        /// The room's sequence number the client saw.
        seq: u64,
        /// The action (a throw by hand: any text).
        action: String,
    },
    /// The sender resigns.
    Resign {
        /// The room's sequence number the client saw.
        seq: u64,
    },
    /// The sender offers a draw (tafl).
    OfferDraw {
        /// The room's sequence number the client saw.
        seq: u64,
    },
    /// The sender accepts the draw the other seat offers.
    AcceptDraw {
        /// The room's sequence number the client saw.
        seq: u64,
    },
    /// The sender declines the draw the other seat offers.
    DeclineDraw {
        /// The room's sequence number the client saw.
        seq: u64,
    },
    /// The sender gives back its seat of a room that has not started.
    Leave,
    /// Keeps the connection, and the seat's presence.
    Ping,
}

impl ClientMessage {
    /// The sequence number the message names, for the messages that change the game.
    #[must_use]
    pub fn seq(&self) -> Option<u64> {
        match self {
            ClientMessage::Act { seq, .. }
            | ClientMessage::Resign { seq }
            | ClientMessage::OfferDraw { seq }
            | ClientMessage::AcceptDraw { seq }
            | ClientMessage::DeclineDraw { seq } => Some(*seq),
            ClientMessage::Hello { .. } | ClientMessage::Leave | ClientMessage::Ping => None,
        }
    }
}

/// Reads a client's message.
///
/// # Errors
/// [`ApiError::TooLarge`] over [`MAX_MESSAGE_BYTES`] (or an action over
/// [`MAX_ACTION_BYTES`]); [`ApiError::BadRequest`] for text that is not one of the messages,
/// with serde's reason (an unknown `type` or field, a field missing or of the wrong type).
pub fn decode(text: &str) -> Result<ClientMessage, ApiError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ApiError::TooLarge(MAX_MESSAGE_BYTES));
    }
    let message: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::BadRequest(format!("not a message of the protocol: {e}")))?;
    match &message {
        ClientMessage::Act { action, .. } if action.len() > MAX_ACTION_BYTES => {
            Err(ApiError::TooLarge(MAX_ACTION_BYTES))
        }
        ClientMessage::Hello { token: Some(t) } if t.len() > 128 => {
            Err(ApiError::BadRequest("the token is not a seat token".into()))
        }
        _ => Ok(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads() {
        assert_eq!(
            decode(r#"{"type":"act","seq":3,"action":"d1-d3"}"#),
            Ok(ClientMessage::Act {
                seq: 3,
                action: "d1-d3".into()
            })
        );
        assert_eq!(
            decode(r#"{"type":"hello"}"#),
            Ok(ClientMessage::Hello { token: None })
        );
        assert_eq!(decode(r#"{"type":"ping"}"#), Ok(ClientMessage::Ping));
        assert_eq!(
            decode(r#"{"type":"offer_draw","seq":0}"#).map(|m| m.seq()),
            Ok(Some(0))
        );
    }

    #[test]
    fn what_is_not_a_message_is_refused_with_why() {
        let e = decode(r#"{"type":"act","seq":-1,"action":"x"}"#).unwrap_err();
        assert_eq!(e.code(), "bad_request");
        let e = decode(r#"{"type":"act","seq":1,"action":"x","extra":1}"#).unwrap_err();
        assert!(e.to_string().contains("extra"), "{e}");
        let e = decode(r#"{"type":"teleport"}"#).unwrap_err();
        assert!(e.to_string().contains("teleport"), "{e}");
        assert_eq!(decode("[1,2]").unwrap_err().code(), "bad_request");
        let big = format!(r#"{{"type":"act","seq":1,"action":"{}"}}"#, "a".repeat(600));
        assert_eq!(decode(&big), Err(ApiError::TooLarge(MAX_ACTION_BYTES)));
        let huge = "x".repeat(MAX_MESSAGE_BYTES + 1);
        assert_eq!(decode(&huge), Err(ApiError::TooLarge(MAX_MESSAGE_BYTES)));
    }
}
