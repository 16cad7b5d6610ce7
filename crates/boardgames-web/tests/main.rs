//! The server's requests, answered by the router in-process: games started, played,
//! taken back, resumed from their record; every kind of bad input refused with its code and
//! nothing changed; the page's files and the rules pages served with their headers.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// One request; its status, headers and body (JSON when it is JSON, else a string).
async fn call(
    app: &Router,
    method: &str,
    path: &str,
    body: Option<String>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(Body::from(body.unwrap_or_default())).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, headers, value)
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let (s, _, v) = call(app, "POST", path, Some(body.to_string())).await;
    (s, v)
}

async fn get(app: &Router, path: &str) -> (StatusCode, Value) {
    let (s, _, v) = call(app, "GET", path, None).await;
    (s, v)
}

/// Starts a game; its id and view.
async fn start(app: &Router, request: Value) -> (String, Value) {
    let (s, v) = post(app, "/api/games", request).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    (v["id"].as_str().unwrap().to_owned(), v["view"].clone())
}

#[tokio::test]
async fn the_catalog_names_every_game_and_its_bots() {
    let app = boardgames_web::router();
    let (s, v) = get(&app, "/api/catalog").await;
    assert_eq!(s, StatusCode::OK);
    let games: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["key"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["trictrac", "ecrire", "tafl", "sugoroku"]);
    assert_eq!(
        v["games"][0]["bots"],
        json!([
            "random",
            "mcts:1000",
            "expecti:2",
            "bot",
            "searchbot",
            "tdbot",
            "tdsearchbot"
        ])
    );
    assert_eq!(v["games"][0]["default"], "tdsearchbot");
    assert_eq!(
        v["games"][2]["bots"],
        json!(["random", "mcts:1000", "expecti:2", "bard", "ovate", "druid"])
    );
    assert_eq!(v["games"][2]["presets"][0], "fidchell");
}

#[tokio::test]
async fn a_tafl_move_is_checked_by_the_rules_and_answered_by_the_bot() {
    let app = boardgames_web::router();
    let (id, view) = start(
        &app,
        json!({ "game": "tafl", "players": ["person", "bard"], "seed": 1 }),
    )
    .await;
    assert_eq!(view["next"], json!({ "kind": "person", "side": "first" }));
    assert_eq!(view["seq"], 0);
    assert_eq!(view["info"]["ruleset"], "Fidchell");
    assert_eq!(view["info"]["fourCorners"], true);
    assert_eq!(view["legal"].as_array().unwrap().len(), 20);
    let path = format!("/api/games/{id}/act");
    // An illegal move: the crate's reason, nothing changed.
    let (s, e) = post(&app, &path, json!({ "seq": 0, "action": "d4-d5" })).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"], "illegal");
    assert!(!e["message"].as_str().unwrap().is_empty());
    let (s, e) = post(&app, &path, json!({ "seq": 0, "action": "nonsense" })).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    let (_, again) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(again["view"]["seq"], 0);
    assert_eq!(again["view"]["svg"], view["svg"]);
    // A legal one: the bot answers in the same request.
    let (s, v) = post(&app, &path, json!({ "seq": 0, "action": "c1-c2" })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["seq"], 2);
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0]["actor"], "first");
    assert_eq!(steps[0]["text"], "c1-c2");
    assert_eq!(steps[1]["actor"], "second");
    assert!(steps[1]["svg"].as_str().unwrap().starts_with("<svg"));
    // A request on an older view is refused.
    let (s, e) = post(&app, &path, json!({ "seq": 0, "action": "d1-d2" })).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["error"], "refused");
    // Undo takes back the move and the bot's answer.
    let (s, v) = post(&app, &format!("/api/games/{id}/undo"), json!({ "seq": 2 })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["seq"], 0);
    // Nothing left to undo.
    let (s, e) = post(&app, &format!("/api/games/{id}/undo"), json!({ "seq": 0 })).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["message"], "nothing to undo yet");
    // A hint: the bot's choice for the person.
    let (s, h) = post(&app, &format!("/api/games/{id}/hint"), json!({ "seq": 0 })).await;
    assert_eq!(s, StatusCode::OK, "{h}");
    assert_eq!(h["hint"]["bot"], "bard");
    assert!(h["hint"]["choice"].as_str().unwrap().contains('-'));
    // Resign: over, the bot wins.
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/resign"),
        json!({ "seq": 0 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["view"]["over"]["resigned"], "first");
    assert_eq!(v["view"]["over"]["winner"], "second");
    // The record says the resignation; its Result stays `*` (the rules did not end it).
    let (s, record) = get(&app, &format!("/api/games/{id}/record")).await;
    assert_eq!(s, StatusCode::OK);
    let record = record.as_str().unwrap();
    assert!(
        record.contains("[Termination \"first player resigned\"]"),
        "{record}"
    );
    assert!(record.contains("[Result \"*\"]"), "{record}");
    // A resignation is final: undo is refused and the game stays over.
    let (s, e) = post(&app, &format!("/api/games/{id}/undo"), json!({ "seq": 0 })).await;
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["message"], "the first player resigned: the game is over");
    let (_, v) = get(&app, &format!("/api/games/{id}")).await;
    assert_eq!(v["view"]["over"]["resigned"], "first");
    let (s, _) = post(&app, &path, json!({ "seq": 0, "action": "c1-c2" })).await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[tokio::test]
async fn trictrac_undo_lets_the_same_dice_fall_again_and_hints_analyse_the_throw() {
    let app = boardgames_web::router();
    let (id, view) = start(
        &app,
        json!({ "game": "trictrac", "players": ["person", "bot"], "seed": 3, "trous": 2 }),
    )
    .await;
    assert_eq!(view["next"]["kind"], "person");
    assert_eq!(view["info"]["trousToWin"], 2);
    let throw = view["info"]["throw"].clone();
    let first = view["legal"][0]["text"].as_str().unwrap().to_owned();
    let seq = view["seq"].as_u64().unwrap();
    // The hint: the bot's choice among the plays, with the points of each.
    let (s, h) = post(
        &app,
        &format!("/api/games/{id}/hint"),
        json!({ "seq": seq }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{h}");
    let candidates = h["hint"]["analysis"]["candidates"].as_array().unwrap();
    assert!(!candidates.is_empty());
    assert!(candidates.iter().any(|c| c["chosen"] == true));
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": seq, "action": first }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let after = v["view"]["seq"].as_u64().unwrap();
    assert!(after > seq + 1, "the bot and the dice acted: {after}");
    // The bot's play comes with the picture of its arrows.
    assert!(v["steps"].as_array().unwrap().iter().any(|s| {
        s["actor"] == "second"
            && s["svg"]
                .as_str()
                .is_some_and(|x| x.contains("class=\"arrow\""))
    }));
    let next_throw = v["view"]["info"]["throw"].clone();
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/undo"),
        json!({ "seq": after }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["view"]["seq"], seq);
    assert_eq!(v["view"]["info"]["throw"], throw);
    // Played again the same way, the same dice fall.
    let (_, v) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": seq, "action": first }),
    )
    .await;
    assert_eq!(v["view"]["seq"].as_u64().unwrap(), after);
    assert_eq!(v["view"]["info"]["throw"], next_throw);
}

#[tokio::test]
async fn a_game_goes_on_from_its_record_with_the_same_dice() {
    let app = boardgames_web::router();
    let request = json!({ "game": "trictrac", "players": ["person", "tdbot"], "seed": 21 });
    let (id, view) = start(&app, request.clone()).await;
    let play = view["legal"][0]["text"].as_str().unwrap().to_owned();
    let (_, v) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": view["seq"], "action": play }),
    )
    .await;
    let record = v["view"]["record"].as_str().unwrap().to_owned();
    assert!(record.contains("[Seed \"21\"]"));
    // A server that no longer has the game starts it again from the record.
    let other = boardgames_web::router();
    let mut resume = request.clone();
    resume["record"] = json!(record);
    let (_, resumed) = start(&other, resume).await;
    assert_eq!(resumed["seq"], v["view"]["seq"]);
    assert_eq!(resumed["svg"], v["view"]["svg"]);
    assert_eq!(resumed["legal"], v["view"]["legal"]);
    // The dice go on as the first server's would: both play the same and get the same throw.
    let play = resumed["legal"][0]["text"].as_str().unwrap().to_owned();
    let seq = resumed["seq"].clone();
    let (_, a) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": seq, "action": play }),
    )
    .await;
    let other_id = {
        let (_, list) = post(&other, "/api/games", {
            let mut r = request.clone();
            r["record"] = json!(record);
            r
        })
        .await;
        list["id"].as_str().unwrap().to_owned()
    };
    let (_, b) = post(
        &other,
        &format!("/api/games/{other_id}/act"),
        json!({ "seq": seq, "action": play }),
    )
    .await;
    assert_eq!(a["view"]["record"], b["view"]["record"]);
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_reason() {
    let app = boardgames_web::router();
    let cases = [
        (
            json!({ "game": "chess", "players": ["person", "bot"] }),
            "unknown game",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "stockfish"] }),
            "unknown bot",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "tdbot:/etc/passwd"] }),
            "unknown bot",
        ),
        (
            json!({ "game": "trictrac", "players": ["person", "druid"] }),
            "unknown bot",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "bard"], "rules": "dim:7 start:/x/" }),
            "rules:",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "bard"], "rules": "chess" }),
            "unknown ruleset",
        ),
        (
            json!({ "game": "trictrac", "players": ["person", "bot"], "trous": 13 }),
            "trous: 13",
        ),
        (
            json!({ "game": "ecrire", "players": ["person", "bot"], "convention": "x" }),
            "convention:",
        ),
        (
            json!({ "game": "sugoroku", "players": ["person", "random"], "rules": "return=x" }),
            "rules:",
        ),
        (
            json!({ "game": "trictrac", "players": ["person", "bot"], "record": "not a record" }),
            "",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "bard"], "record": "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n[Seed \"1\"]\n\n1. d4-d9\n" }),
            "action 1 (d4-d9)",
        ),
        (
            json!({ "game": "tafl", "players": ["person", "bard"], "record": "[Game \"Sugoroku\"]\n\n" }),
            "not of Tafl",
        ),
    ];
    for (request, needle) in cases {
        let (s, e) = post(&app, "/api/games", request.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{request}: {e}");
        assert!(
            e["message"].as_str().unwrap().contains(needle),
            "{request}: {e}"
        );
    }
    // Not JSON, a wrong type, an unknown field.
    for body in [
        "{",
        "{\"game\": 3}",
        "{\"game\":\"tafl\",\"players\":[\"person\",\"bard\"],\"x\":1}",
    ] {
        let (s, _, e) = call(&app, "POST", "/api/games", Some(body.to_owned())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {e}");
        assert_eq!(e["error"], "bad_request");
    }
    // An oversized body is refused before it is read whole.
    let big = format!(
        "{{\"record\": \"{}\"}}",
        "x".repeat(2 * boardgames_web::MAX_RECORD_BYTES + 100_000)
    );
    let (s, _, e) = call(&app, "POST", "/api/replays", Some(big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    assert_eq!(e["error"], "too_large");
    // A record within the body's limit but beyond the record's.
    let long = json!({ "record": "x".repeat(boardgames_web::MAX_RECORD_BYTES + 10) });
    let (s, e) = post(&app, "/api/replays", long).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(e["error"], "bad_record");
    // A game that does not exist.
    let (s, e) = get(&app, "/api/games/0123456789abcdef").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "not_found");
    let (s, _) = post(
        &app,
        "/api/games/nope/act",
        json!({ "seq": 0, "action": "x" }),
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn two_bots_are_watched_one_action_at_a_time() {
    let app = boardgames_web::router();
    let (id, view) = start(
        &app,
        json!({ "game": "tafl", "players": ["bard", "bard"], "seed": 2, "rules": "brandubh" }),
    )
    .await;
    assert_eq!(view["next"], json!({ "kind": "bot", "side": "first" }));
    assert_eq!(view["canUndo"], false);
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/advance"),
        json!({ "seq": 0 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["view"]["seq"], 1);
    assert_eq!(v["steps"].as_array().unwrap().len(), 1);
    // A person's action is refused: both sides are bots.
    let (s, e) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": 1, "action": "d4-d5" }),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["error"], "not_your_turn");
}

#[tokio::test]
async fn sugoroku_is_thrown_by_hand_and_the_partie_a_ecrire_shows_its_marques() {
    let app = boardgames_web::router();
    let (id, view) = start(
        &app,
        json!({ "game": "sugoroku", "players": ["person", "random"], "seed": 4 }),
    )
    .await;
    assert_eq!(view["next"], json!({ "kind": "person", "side": "first" }));
    assert_eq!(view["info"]["white"]["phase"], 1);
    assert_eq!(view["info"]["white"]["reserve"], 15);
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/act"),
        json!({ "seq": 0, "action": "throw" }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(v["view"]["seq"].as_u64().unwrap() >= 2);
    let (s, _) = post(
        &app,
        &format!("/api/games/{id}/undo"),
        json!({ "seq": v["view"]["seq"] }),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);

    let (_, view) = start(
        &app,
        json!({ "game": "ecrire", "players": ["person", "bot"], "seed": 4, "marques": 2, "convention": "annexe" }),
    )
    .await;
    assert_eq!(view["info"]["form"], "ecrire");
    assert_eq!(view["info"]["marques"], 2);
    assert_eq!(view["info"]["marque"], 1);
    assert_eq!(view["info"]["convention"], "annexe-arithmetic");
}

#[tokio::test]
async fn the_page_its_files_and_the_rules_are_served_with_their_headers() {
    let app = boardgames_web::router();
    let (s, h, page) = call(&app, "GET", "/", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        page.as_str()
            .unwrap()
            .contains("<script type=\"module\" src=\"/assets/app.js\">")
    );
    let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.starts_with("default-src 'self'"));
    assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    for file in [
        "app.js",
        "api.js",
        "i18n.js",
        "board.js",
        "trictrac.js",
        "tafl.js",
        "sugoroku.js",
        "replay.js",
        "panel.js",
        "online.js",
        "lobby.js",
        "account.js",
        "style.css",
        "favicon.svg",
    ] {
        let (s, h, _) = call(&app, "GET", &format!("/assets/{file}"), None).await;
        assert_eq!(s, StatusCode::OK, "{file}");
        let etag = h[header::ETAG].to_str().unwrap().to_owned();
        // Revalidated by its tag.
        let req = Request::builder()
            .uri(format!("/assets/{file}"))
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::NOT_MODIFIED, "{file}");
    }
    let (s, _, _) = call(&app, "GET", "/assets/../Cargo.toml", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // A request the API does not have: 404 in JSON, as every refusal of the API.
    let (s, e) = get(&app, "/api/nonexistent").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(e["error"], "not_found", "{e}");
    assert_eq!(e["message"], "this server has no request /api/nonexistent");
    for game in ["trictrac", "tafl", "sugoroku"] {
        let (s, _, page) = call(&app, "GET", &format!("/rules/{game}"), None).await;
        assert_eq!(s, StatusCode::OK);
        let heading = format!("<h1>The rules <code>{game}-core</code> implements");
        assert!(page.as_str().unwrap().contains(&heading), "{game}");
    }
    // Compressed when the browser asks.
    let req = Request::builder()
        .uri("/assets/app.js")
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.headers()[header::CONTENT_ENCODING], "gzip");
}

#[tokio::test]
async fn the_replay_page_of_a_record_is_the_arenas_with_its_own_policy() {
    let app = boardgames_web::router();
    let record = "[Game \"Tafl\"]\n[Rules \"brandubh\"]\n[Result \"*\"]\n\n1. d2-c2\n2. c4-c5\n";
    let body: String = format!(
        "record={}",
        record
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect::<String>()
    );
    let req = Request::builder()
        .method("POST")
        .uri("/replay-page")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let csp = res.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        csp.starts_with("default-src 'none'; script-src 'unsafe-inline'"),
        "{csp}"
    );
    let html = res.into_body().collect().await.unwrap().to_bytes();
    let html = String::from_utf8_lossy(&html);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<svg"), "the pictures");
    assert!(html.contains("c4-c5"), "the move list");
    // A record that does not replay: the reason, no page.
    let req = Request::builder()
        .method("POST")
        .uri("/replay-page")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(
            "record=%5BGame%20%22Tafl%22%5D%0A%0A1.%20a1-a9%0A",
        ))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn game_ids_are_128_random_bits_and_differ() {
    let app = boardgames_web::router();
    let request = json!({ "game": "sugoroku", "players": ["person", "random"], "seed": 1 });
    let (a, _) = start(&app, request.clone()).await;
    let (b, _) = start(&app, request).await;
    for id in [&a, &b] {
        assert_eq!(id.len(), 32, "{id}");
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()), "{id}");
    }
    assert_ne!(a, b);
}

#[tokio::test]
async fn posts_past_the_burst_of_one_address_are_refused_429_then_allowed_again() {
    let app = boardgames_web::router();
    let burst = boardgames_web::limits::BURST;
    let refill = boardgames_web::limits::REFILL;
    // Cheap requests (a game this server does not hold): each counts against the rate. The
    // burst is allowed whole; then one more per refill period elapsed (on a loaded machine
    // the burst itself can take longer than a period), and the next one is refused.
    let started = std::time::Instant::now();
    let mut allowed = 0u32;
    let refused = loop {
        let (s, headers, e) = call(
            &app,
            "POST",
            "/api/games/0/undo",
            Some(json!({ "seq": 0 }).to_string()),
        )
        .await;
        if s != StatusCode::NOT_FOUND {
            break (s, headers, e);
        }
        allowed += 1;
        assert!(allowed <= 4 * burst, "no request refused after {allowed}");
    };
    let periods = started.elapsed().as_nanos() / refill.as_nanos();
    assert!(
        allowed >= burst,
        "only {allowed} of the burst {burst} allowed"
    );
    assert!(
        u128::from(allowed) <= u128::from(burst) + periods + 1,
        "{allowed} allowed in {periods} refill periods"
    );
    let (s, headers, e) = refused;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert_eq!(e["error"], "too_many_requests");
    let wait: u64 = headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait >= 1, "{wait}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("too many requests from this address: wait "),
        "{e}"
    );
    // Reading is not limited.
    let (s, _) = get(&app, "/api/catalog").await;
    assert_eq!(s, StatusCode::OK);
    // One request more after one refill period.
    tokio::time::sleep(boardgames_web::limits::REFILL * 3).await;
    let (s, e) = post(&app, "/api/games/0/undo", json!({ "seq": 0 })).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
}

#[tokio::test]
async fn records_opened_past_their_own_burst_are_refused_429() {
    let app = boardgames_web::router();
    // A record that cannot be read: refused 400, but counted as an opening.
    let bad = json!({ "record": "not a record" });
    for k in 0..boardgames_web::limits::NEW_BURST {
        let (s, e) = post(&app, "/api/replays", bad.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "request {k}: {e}");
    }
    let (s, e) = post(&app, "/api/replays", bad).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert_eq!(e["error"], "too_many_requests");
    // Playing is not an opening: its own, larger budget is untouched.
    let (s, e) = post(&app, "/api/games/0/undo", json!({ "seq": 0 })).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{e}");
}

#[tokio::test]
async fn a_tafl_record_without_a_seed_tag_goes_on() {
    let app = boardgames_web::router();
    let record = "[Game \"Tafl\"]\n[Rules \"brandubh\"]\n[Result \"*\"]\n\n1. d2-a2\n";
    let (id, view) = start(
        &app,
        json!({ "game": "tafl", "players": ["bard", "person"], "record": record }),
    )
    .await;
    assert!(!id.is_empty());
    // The attackers' move replayed, the defenders (the person) to move.
    assert_eq!(view["next"]["kind"], "person", "{view}");
    assert_eq!(view["next"]["side"], "second", "{view}");
    assert!(view["record"].as_str().unwrap().contains("d2-a2"), "{view}");
}

#[tokio::test]
async fn a_watched_game_of_two_druids_answers_within_its_time_not_its_max() {
    let app = boardgames_web::router();
    let (id, _) = start(
        &app,
        json!({ "game": "tafl", "players": ["druid", "druid"], "rules": "copenhagen", "seed": 1 }),
    )
    .await;
    // 20 000 actions asked: the request stops after ADVANCE_TIME with the steps so far
    // (Copenhagen's Druid thinks about a second a move: the game cannot end within it).
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/advance"),
        json!({ "seq": 0, "max": 20000 }),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let steps = v["steps"].as_array().unwrap().len();
    assert!(steps >= 1, "{v}");
    assert!(
        v["view"]["over"].is_null(),
        "the game ended: {}",
        v["view"]["over"]
    );
    assert_eq!(v["view"]["seq"], steps);
}

#[tokio::test]
async fn a_record_of_an_unknown_game_names_the_games_by_their_game_tags() {
    let app = boardgames_web::router();
    let (s, e) = post(
        &app,
        "/api/replays",
        json!({ "record": "[Game \"Chess\"]\n[Result \"*\"]\n\n" }),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{e}");
    assert_eq!(
        e["message"],
        "unknown game \"Chess\": expected a record of Trictrac, Trictrac à écrire, Tafl or Sugoroku (its Game tag)"
    );
}
