//! The page's files, embedded in the binary (nothing is read from the disk or fetched
//! from elsewhere at run time), and the rules page of each game (the game crate's rules,
//! in Markdown, turned into HTML).

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// A file of the page: its name under `/assets/`, its type and its bytes.
struct Asset {
    name: &'static str,
    mime: &'static str,
    body: &'static str,
}

/// Every file of the page (`web/` beside this crate's sources).
const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/app.js"),
    },
    Asset {
        name: "api.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/api.js"),
    },
    Asset {
        name: "i18n.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/i18n.js"),
    },
    Asset {
        name: "board.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/board.js"),
    },
    Asset {
        name: "trictrac.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/trictrac.js"),
    },
    Asset {
        name: "tafl.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/tafl.js"),
    },
    Asset {
        name: "sugoroku.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/sugoroku.js"),
    },
    Asset {
        name: "replay.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/replay.js"),
    },
    Asset {
        name: "panel.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/panel.js"),
    },
    Asset {
        name: "online.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/online.js"),
    },
    Asset {
        name: "lobby.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/lobby.js"),
    },
    Asset {
        name: "account.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../../web/account.js"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_str!("../../web/style.css"),
    },
    Asset {
        name: "favicon.svg",
        mime: "image/svg+xml",
        body: include_str!("../../web/favicon.svg"),
    },
];

/// The page itself.
const INDEX: &str = include_str!("../../web/index.html");

/// A strong validator of a text: FNV-1a of its bytes.
fn etag(body: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in body.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("\"{h:016x}\"")
}

/// The tags of the files, computed once.
static ETAGS: LazyLock<Vec<String>> =
    LazyLock::new(|| ASSETS.iter().map(|a| etag(a.body)).collect());

/// An embedded text with its type, revalidated by its tag on every load (a new binary
/// serves new files at once).
fn serve(body: &'static str, mime: &'static str, tag: &str, headers: &HeaderMap) -> Response {
    let cache = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        (
            header::ETAG,
            HeaderValue::from_str(tag).unwrap_or(HeaderValue::from_static("\"0\"")),
        ),
    ];
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == tag.as_bytes())
    {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static(mime))],
        cache,
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub(crate) async fn index(headers: HeaderMap) -> Response {
    static TAG: LazyLock<String> = LazyLock::new(|| etag(INDEX));
    serve(INDEX, "text/html; charset=utf-8", &TAG, &headers)
}

/// `GET /assets/{file}`.
pub(crate) async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    match ASSETS.iter().position(|a| a.name == name) {
        Some(i) => serve(ASSETS[i].body, ASSETS[i].mime, &ETAGS[i], &headers),
        None => not_found_page(),
    }
}

/// Any other path: 404, in JSON for the requests (a path under `/api/`:
/// [`ApiError::NoSuchRequest`], as every refusal of the API), in words for a person.
pub(crate) async fn not_found(uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        let path = uri.path().chars().take(200).collect();
        return crate::error::ApiError::NoSuchRequest(path).into_response();
    }
    not_found_page()
}

/// A page or file this server does not have: 404, in words for a person.
fn not_found_page() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found: this server has the page at /, its files under /assets/ and the rules \
         under /rules/trictrac, /rules/tafl and /rules/sugoroku.",
    )
        .into_response()
}

/// The rules of each game, from its crate.
const RULES: [(&str, &str, &str); 3] = [
    (
        "trictrac",
        "Trictrac",
        include_str!("../../../trictrac-core/RULES.md"),
    ),
    ("tafl", "Tafl", include_str!("../../../tafl-core/RULES.md")),
    (
        "sugoroku",
        "Sugoroku (Tric Trac Nippon)",
        include_str!("../../../sugoroku-core/RULES.md"),
    ),
];

/// `GET /rules/{game}`: the rules page of a game, as its crate implements them.
pub(crate) async fn rules(Path(game): Path<String>) -> Response {
    let game = if game == "ecrire" {
        "trictrac".to_owned()
    } else {
        game
    };
    let Some((key, title, markdown)) = RULES.iter().find(|(k, _, _)| *k == game) else {
        return not_found_page();
    };
    let mut body = String::new();
    let parser = pulldown_cmark::Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES)
        // Raw HTML of the Markdown is shown as text, never run.
        .map(|event| match event {
            pulldown_cmark::Event::Html(t) | pulldown_cmark::Event::InlineHtml(t) => {
                pulldown_cmark::Event::Text(t)
            }
            e => e,
        });
    pulldown_cmark::html::push_html(&mut body, parser);
    Html(format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}: the rules</title><link rel=\"stylesheet\" href=\"/assets/style.css\">\
         <link rel=\"icon\" href=\"/assets/favicon.svg\"></head>\
         <body class=\"rules-page\" data-game=\"{key}\"><main class=\"rules\">\
         <p><a href=\"/\">← boardgames</a></p>{body}</main></body></html>"
    ))
    .into_response()
}
