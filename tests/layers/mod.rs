//! The layers of each library crate and no import circle between the files of one crate
//! (docs/architecture.md, "The layers of each crate"), read from the crates' sources.
//!
//! The check (`check.rs`) is the root package's, so that no published crate's tests read
//! outside their package: [`Graph::read`] takes a crate's `src` folder, and
//! [`Graph::assert_no_circle`] and [`Graph::assert_layers`] fail naming the files, the path
//! and its line. The CLI has its own check of its layers (crates/boardgames-cli/tests/layers.rs);
//! the arena (`boardgames-arena`, the library under the front ends) and the web application
//! (`boardgames-web`) are checked here with the rules crates.

mod check;

use std::path::{Path, PathBuf};

use check::Graph;

/// The `src` folder of the workspace's crate `krate`.
fn src(krate: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(krate)
        .join("src")
}

/// The crate's graph, checked to hold the files `expected` (so that a renamed file is not a
/// check passed on nothing).
fn graph(krate: &str, expected: &[&str]) -> Graph {
    let graph = Graph::read(&src(krate));
    for m in expected {
        assert!(graph.files.contains_key(*m), "{krate} has no module {m}");
    }
    graph
}

#[test]
fn boardgames_common_has_layers_and_no_import_circle() {
    let graph = graph(
        "boardgames-common",
        &[
            "game",
            "playout",
            "agents::random",
            "record",
            "record::text",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("values", &["dice", "player", "limits", "svg"]),
        ("seeds", &["seed"]),
        ("records", &["record"]),
        ("the game", &["game"]),
        ("playing", &["playout", "agents", "replay", "tournament"]),
        ("the root", &[""]),
    ]);
    // The loop is above the trait it drives, and the agents do not drive it.
    assert!(graph.imports["playout"].contains_key("game"));
    assert!(!graph.imports["game"].contains_key("playout"));
    assert!(!graph.imports["agents::random"].contains_key("playout"));
}

#[test]
fn trictrac_core_has_layers_and_no_import_circle() {
    let graph = graph(
        "trictrac-core",
        &[
            "board::position",
            "scoring::scorer",
            "referee::ruling",
            "ecrire::ledger",
            "ecrire::settlement",
            "ecrire::table",
            "game::turn::chronology",
            "game::turn::comment",
            "game::ordinaire",
            "game::ecrire",
            "ai::heuristic",
            "ai::td::network",
            "ai::td::network::file",
            "ai::td::network::error",
            "ai::td::features",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the board", &["board"]),
        ("the laws of movement", &["movement"]),
        ("scoring and the scorers", &["scoring"]),
        ("marking", &["marking"]),
        ("the referee and the pictures", &["referee", "svg"]),
        ("the partie à écrire's bookkeeping", &["ecrire"]),
        ("the turn engine and the games", &["game"]),
        ("the AI", &["ai"]),
        ("the root", &[""]),
    ]);
    // The bookkeeping of the partie à écrire is below the game that keeps it, and the turn
    // engine below the games played on it.
    assert!(graph.imports["game::ecrire"].contains_key("ecrire::ledger"));
    assert!(
        !graph
            .imports
            .keys()
            .filter(|m| m.starts_with("ecrire"))
            .any(|m| graph.imports[m].keys().any(|t| t.starts_with("game")))
    );
    assert!(graph.imports["game::ordinaire"].contains_key("game::turn::chronology"));
    assert!(!graph.imports["game::turn::chronology"].contains_key("game::ordinaire"));
}

#[test]
fn sugoroku_core_has_layers_and_no_import_circle() {
    let graph = graph(
        "sugoroku-core",
        &["setup", "position", "position::throw", "position::notation"],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the rules' options and the dice", &["ruleset", "dice"]),
        ("events", &["event"]),
        ("the rule of a throw and the setup", &["rule", "setup"]),
        ("the position", &["position"]),
        (
            "games, simulation and pictures",
            &["game", "statistics", "simulate", "svg"],
        ),
        ("the root", &[""]),
    ]);
    assert!(!graph.imports["setup"].contains_key("position::notation"));
}

#[test]
fn tafl_core_has_layers_and_no_import_circle() {
    let graph = graph(
        "tafl-core",
        &[
            "position",
            "rules",
            "berserk",
            "ruleset",
            "rules_string",
            "rules_string::parse",
            "rules_string::write",
            "ai::eval",
            "ai::search",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        (
            "squares, pieces and the AI's weights",
            &["square", "piece", "repetition", "ai::weights"],
        ),
        (
            "bitboards, statuses, hashing and the levels",
            &["bitboard", "status", "zobrist", "ai::level"],
        ),
        (
            "moves, setups, the rules' options and the table of the search",
            &["moves", "setup", "rule_options", "ai::tt"],
        ),
        ("the rules", &["rules"]),
        ("the position", &["position"]),
        (
            "move generation, captures, play and what is built on them",
            &[
                "movegen",
                "capture",
                "play",
                "otn",
                "fort",
                "perft",
                "svg",
                "ruleset",
                "ai::ordering",
            ],
        ),
        (
            "berserk, the rules' text, the evaluation and serde",
            &["berserk", "rules_string", "ai::eval", "serde_impls"],
        ),
        (
            "the game and the position's text",
            &["game", "tafl_position"],
        ),
        ("the search", &["ai::search"]),
        ("the root and the AI's module", &["", "ai"]),
    ]);
    // The rules are below the position that is played under them, and the search on top.
    assert!(!graph.imports["rules"].contains_key("position"));
    assert!(!graph.imports["ai::ordering"].contains_key("ai::search"));
}

#[test]
fn boardgames_arena_has_layers_and_no_import_circle() {
    let graph = graph(
        "boardgames-arena",
        &[
            "clock",
            "agents::spec",
            "agents::error",
            "agents::network",
            "agents::trictrac",
            "agents::build",
            "replay_page",
            "replay_page::frames",
            "tournament",
            "selfplay",
            "jobs",
            "jobs::counts",
            "jobs::merge",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the clock", &["clock"]),
        ("the agents", &["agents"]),
        (
            "the errors, the tafl rulesets and the replay page",
            &["error", "rules", "replay_page"],
        ),
        ("the games played", &["tournament", "selfplay"]),
        ("the jobs", &["jobs"]),
        ("the root", &[""]),
    ]);
    // The registry knows no tournament, and the replay page no agent.
    assert!(!graph.imports["agents::build"].contains_key("tournament"));
    assert!(
        !graph.imports["replay_page::frames"]
            .keys()
            .any(|m| m.starts_with("agents"))
    );
}

#[test]
fn boardgames_web_has_layers_and_no_import_circle() {
    let graph = graph(
        "boardgames-web",
        &[
            "error",
            "agents",
            "games",
            "games::presentation",
            "games::request",
            "games::session",
            "games::trictrac",
            "games::tafl",
            "games::sugoroku",
            "replay",
            "store",
            "http",
            "http::api",
            "http::assets",
            "http::state",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the errors", &["error"]),
        ("the bots of the page", &["agents"]),
        ("the games hosted", &["games"]),
        ("the replays and the store", &["replay", "store"]),
        ("the HTTP server", &["http"]),
        ("the root", &[""]),
    ]);
    // Each game's presentation knows no other game, and no request of HTTP.
    for game in ["games::trictrac", "games::tafl", "games::sugoroku"] {
        assert!(
            !graph.imports[game].keys().any(|m| m.starts_with("games::")
                && m != "games::presentation"
                && m != "games::request"),
            "{game}"
        );
    }
}

#[test]
fn boardgames_py_has_layers_and_no_import_circle() {
    let graph = graph(
        "boardgames-py",
        &[
            "encoded",
            "error",
            "state",
            "trictrac",
            "tafl",
            "sugoroku",
            "vector",
            "python",
            "python::error",
            "python::seed",
            "python::render",
            "python::states",
            "python::any_game",
            "python::agent",
            "python::games",
            "python::play",
            "python::vector",
            "python::distributed",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the encoding and its errors", &["encoded", "error"]),
        ("the games' encodings", &["trictrac", "tafl", "sugoroku"]),
        (
            "the encoded state and the vectorised tafl",
            &["state", "vector"],
        ),
        (
            "the module's exceptions, seeds and pictures",
            &["python::error", "python::seed", "python::render"],
        ),
        ("the state classes", &["python::states"]),
        ("any of the games", &["python::any_game"]),
        ("the bots", &["python::agent"]),
        ("the game classes", &["python::games"]),
        (
            "whole games, the vectorised environment, the jobs",
            &["python::play", "python::vector", "python::distributed"],
        ),
        ("the module", &["python"]),
        ("the root", &[""]),
    ]);
    // The bots know no game class, and the game classes no whole game between bots.
    assert!(!graph.imports["python::agent"].contains_key("python::games"));
    assert!(!graph.imports["python::games"].contains_key("python::play"));
}

/// A crate of four files: the root re-exports, `a` uses `b` through the root and `c` through
/// a grouped `use`, `c` uses `a` back only in its tests and comments.
const SOURCES: [(&str, &str); 5] = [
    (
        "lib.rs",
        "mod a;\nmod b;\nmod c;\npub use b::{Bee, make};\npub use c::*;\n",
    ),
    (
        "a.rs",
        "use crate::{Bee, c::{Sea, self}};\n/// [`crate::b`] in a doc\npub struct A(Bee, Sea);\nfn f() { let s = \"crate::b\"; super::make(); }\n",
    ),
    ("b.rs", "pub struct Bee;\npub fn make() {}\n"),
    (
        "c.rs",
        "pub struct Sea;\n// crate::a::A\n#[cfg(test)]\nmod tests {\n    use crate::a::A;\n}\n#[cfg(test)]\nmod more;\n",
    ),
    ("c/more.rs", "use crate::a::A;\n"),
];

#[test]
fn the_check_resolves_re_exports_and_grouped_uses_and_leaves_out_tests() {
    let graph = Graph::from_sources(SOURCES);
    let to = |m: &str| graph.imports[m].keys().cloned().collect::<Vec<_>>();
    // `crate::Bee` is b's (through the root's re-export), `crate::c::Sea` c's, `super::make`
    // b's; the doc comment and the string are not paths.
    assert_eq!(to("a"), ["b", "c"]);
    assert_eq!(graph.imports["a"]["b"].path, "crate::Bee");
    assert_eq!(graph.imports["a"]["b"].line, 1);
    // The root only re-exports; c's tests and comment import nothing, and c/more.rs is
    // c's tests (`#[cfg(test)] mod more;`), in no graph.
    assert!(to("").is_empty());
    assert!(to("c").is_empty());
    assert!(!graph.files.contains_key("c::more"));
    assert!(graph.circles().is_empty());
}

#[test]
fn the_check_names_a_circle_and_an_import_against_the_layers() {
    let mut sources = SOURCES.to_vec();
    sources[3].1 = "pub struct Sea(crate::a::A);\n#[cfg(test)]\nmod more;\n";
    let graph = Graph::from_sources(sources.clone());
    let circles = graph.circles();
    assert_eq!(circles.len(), 1);
    assert_eq!(circles[0].0, ["a", "c"]);
    assert_eq!(circles[0].1, ["a", "c", "a"]);
    assert_eq!(
        graph.describe(&circles[0].1),
        "    a imports c (a.rs:1: crate::c::Sea)\n    c imports a (c.rs:1: crate::a::A)\n"
    );
    let failed = std::panic::catch_unwind(|| graph.assert_no_circle()).unwrap_err();
    let message = failed.downcast_ref::<String>().unwrap();
    assert!(
        message.starts_with("an import circle between a, c: a -> c -> a\n"),
        "{message}"
    );
    // b below c below a: c importing a is against the layers.
    let layered = std::panic::catch_unwind(|| {
        graph.assert_layers(&[("low", &["b"]), ("middle", &["c"]), ("high", &["a", ""])]);
    })
    .unwrap_err();
    let message = layered.downcast_ref::<String>().unwrap();
    assert_eq!(
        message,
        "against the layers:\nc (layer middle) imports a (layer high) at c.rs:1: crate::a::A"
    );
    let unplaced =
        std::panic::catch_unwind(|| graph.assert_layers(&[("all", &["a", "b"])])).unwrap_err();
    assert!(
        unplaced
            .downcast_ref::<String>()
            .unwrap()
            .contains("c (c.rs) is in no layer")
    );
}
