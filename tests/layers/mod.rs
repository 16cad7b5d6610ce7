//! The layers of each crate and no import circle between the files of one crate
//! (docs/architecture.md, "The layers of each crate" and "The command-line crate"), read
//! from the crates' sources.
//!
//! The check (`check.rs`) is the root package's, so that no published crate's tests read
//! outside their package: [`Graph::read`] takes a crate's `src` folder, and
//! [`Graph::assert_no_circle`] and [`Graph::assert_layers`] fail naming the files, the path
//! and its line. Every crate under `crates/` is read for circles (the folder is listed, so a
//! new crate is covered); the layers are checked crate by crate, the CLI's with the rule of
//! its command tree (no command imports another).

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
            "online",
            "online::protocol",
            "online::spec",
            "online::commitment",
            "online::matches",
            "online::table",
            "online::room",
            "online::store",
            "online::server",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the errors", &["error"]),
        ("the bots of the page", &["agents"]),
        ("the games hosted", &["games"]),
        ("the replays and the store", &["replay", "store"]),
        (
            "online play: rooms, their games, the protocol, the storage",
            &["online"],
        ),
        // The server side of online play is HTTP's: its routes share the JSON extractor.
        ("the HTTP server", &["http", "online::server"]),
        ("the root", &[""]),
    ]);
    // Online play: a room knows its game, the game never the room; the storage knows neither,
    // and nothing of online play but its server knows the storage or HTTP.
    assert!(!graph.imports["online::matches"].contains_key("online::room"));
    assert!(!graph.imports["online::matches"].contains_key("online::table"));
    for m in [
        "online::protocol",
        "online::spec",
        "online::matches",
        "online::table",
        "online::room",
    ] {
        assert!(
            !graph.imports[m]
                .keys()
                .any(|i| i.starts_with("online::store")
                    || i.starts_with("online::server")
                    || i.starts_with("http")),
            "{m}"
        );
    }
    assert!(
        !graph.imports["online::store"]
            .keys()
            .any(|i| i.starts_with("online::") && !i.starts_with("online::store"))
    );
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
fn boardgames_wasm_has_layers_and_no_import_circle() {
    let graph = graph("boardgames-wasm", &["value", "session", "bot", "games"]);
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the values crossing to JavaScript", &["value"]),
        ("a game with its record and dice", &["session"]),
        ("the bots by name", &["bot"]),
        ("the classes of the games", &["games"]),
        ("the root", &[""]),
    ]);
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

/// The crate roots of the workspace's crates, each with the sources of its modules as
/// [`Graph::from_sources`] takes them: every `crates/*/src/lib.rs` with its folder, and every
/// binary or example root that declares modules of its own (`src/main.rs`, `src/bin/*.rs`,
/// `examples/*.rs`, with `#[path]` modules such as the examples' shared `common/output.rs`).
/// The folder is listed, so a new crate is covered without editing this test.
fn workspace_roots() -> Vec<(String, Graph)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&crates)
        .expect("the crates folder")
        .map(|e| e.expect("an entry of crates/").path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    names.sort();
    let mut roots = Vec::new();
    for dir in names {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if dir.join("src/lib.rs").is_file() {
            roots.push((format!("{name} (lib)"), Graph::read(&dir.join("src"))));
        }
        let mut bins: Vec<PathBuf> = vec![dir.join("src/main.rs")];
        for folder in ["src/bin", "examples"] {
            if let Ok(entries) = std::fs::read_dir(dir.join(folder)) {
                for entry in entries {
                    let path = entry.expect("an entry of a folder of roots").path();
                    if path.extension().is_some_and(|e| e == "rs") {
                        bins.push(path);
                    } else if path.join("main.rs").is_file() {
                        bins.push(path.join("main.rs"));
                    }
                }
            }
        }
        bins.sort();
        for root in bins.into_iter().filter(|p| p.is_file()) {
            let sources = root_sources(&root);
            if sources.len() > 1 {
                let label = root
                    .strip_prefix(&crates)
                    .unwrap_or(&root)
                    .display()
                    .to_string();
                let graph =
                    Graph::from_sources(sources.iter().map(|(r, t)| (r.as_str(), t.as_str())));
                roots.push((label, graph));
            }
        }
    }
    roots
}

/// A binary or example root (as `lib.rs`) and the files of the modules it declares, one
/// level down: `mod a;` is `a.rs` or `a/mod.rs` beside the root (for `main.rs`) or in the
/// folder named after the root (for `x.rs`); `#[path = "p"] mod a;` is `p` beside the root.
/// A module's own submodules are read from its folder (`a/*.rs`).
fn root_sources(root: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(root).expect("a crate root");
    let here = root.parent().expect("a root's folder");
    let folder = if root.file_name().is_some_and(|n| n == "main.rs") {
        here.to_path_buf()
    } else {
        here.join(root.file_stem().expect("a root's name"))
    };
    let mut sources = vec![("lib.rs".to_owned(), text.clone())];
    let mut path_attr: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            path_attr = rest.split('"').next().map(str::to_owned);
            continue;
        }
        let declared = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("pub(crate) mod "))
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(module) = declared {
            let file = match path_attr.take() {
                Some(p) => here.join(p),
                None if folder.join(format!("{module}.rs")).is_file() => {
                    folder.join(format!("{module}.rs"))
                }
                None => folder.join(module).join("mod.rs"),
            };
            if let Ok(text) = std::fs::read_to_string(&file) {
                sources.push((format!("{module}.rs"), text));
                if let Ok(entries) = std::fs::read_dir(folder.join(module)) {
                    for entry in entries {
                        let path = entry.expect("an entry of a module's folder").path();
                        let name = path.file_name().unwrap().to_string_lossy().into_owned();
                        if name.ends_with(".rs") && name != "mod.rs" {
                            let text = std::fs::read_to_string(&path).expect("a module's file");
                            sources.push((format!("{module}/{name}"), text));
                        }
                    }
                }
            }
        } else if !line.starts_with("#[") {
            path_attr = None;
        }
    }
    sources
}

#[test]
fn every_crate_of_the_workspace_has_no_import_circle() {
    let roots = workspace_roots();
    let labels: Vec<&str> = roots.iter().map(|(label, _)| label.as_str()).collect();
    // Every crate of the workspace's members is read (a renamed folder is not a check
    // passed on nothing), and the examples' roots with their shared module.
    for krate in [
        "boardgames-common",
        "trictrac-core",
        "tafl-core",
        "sugoroku-core",
        "boardgames-arena",
        "boardgames-cli",
        "boardgames-examples",
        "boardgames-py",
        "boardgames-web",
    ] {
        assert!(
            labels.contains(&format!("{krate} (lib)").as_str()),
            "{krate}: {labels:?}"
        );
    }
    assert!(
        labels.iter().any(|l| l.ends_with("examples/play_tafl.rs")),
        "{labels:?}"
    );
    let mut failures = String::new();
    for (label, graph) in &roots {
        for (files, path) in graph.circles() {
            let names = |ms: &[String]| {
                ms.iter()
                    .map(|m| check::display(m).to_owned())
                    .collect::<Vec<_>>()
            };
            failures.push_str(&format!(
                "{label}: an import circle between {}: {}\n{}",
                names(&files).join(", "),
                names(&path).join(" -> "),
                graph.describe(&path)
            ));
        }
    }
    assert!(failures.is_empty(), "{failures}");
}

/// The imports from one command to another in the CLI's graph: a command is a module of
/// `commands` (a file, or a folder of files such as `commands::tafl::engine`); a group is a
/// module whose file derives `clap::Subcommand` (`commands`, `commands::tafl`, ...). A file
/// may import the files of its own command, and a group the modules below it (the dispatch);
/// any other import between commands is wrong.
fn imports_between_commands(graph: &Graph, groups: &[String]) -> Vec<String> {
    let command_of = |module: &str| -> String {
        let parts: Vec<&str> = module.split("::").collect();
        (1..=parts.len())
            .map(|n| parts[..n].join("::"))
            .find(|prefix| !groups.contains(prefix))
            .unwrap_or_else(|| module.to_owned())
    };
    let mut wrong = Vec::new();
    for (from, imports) in &graph.imports {
        if from != "commands" && !from.starts_with("commands::") {
            continue;
        }
        for to in imports.keys() {
            if to != "commands" && !to.starts_with("commands::") {
                continue;
            }
            let dispatch = groups.contains(from) && to.starts_with(&format!("{from}::"));
            if !dispatch && command_of(from) != command_of(to) {
                wrong.push(format!(
                    "{from} ({}) imports {to}, another command",
                    graph.files[from]
                ));
            }
        }
    }
    wrong
}

/// The groups of commands of the CLI's graph read from `src`: the modules whose file derives
/// `clap::Subcommand`.
fn command_groups(graph: &Graph, src: &Path) -> Vec<String> {
    graph
        .files
        .iter()
        .filter(|(m, _)| *m == "commands" || m.starts_with("commands::"))
        .filter(|(_, rel)| {
            let text = std::fs::read_to_string(src.join(rel)).expect("a file of the CLI");
            text.contains("Subcommand)]")
        })
        .map(|(m, _)| m.clone())
        .collect()
}

#[test]
fn boardgames_cli_has_layers_and_no_command_imports_another() {
    let graph = graph(
        "boardgames-cli",
        &[
            "args",
            "args::settlement",
            "io::files",
            "games::session",
            "games::sugoroku",
            "commands",
            "commands::trictrac",
            "commands::trictrac::analyze",
            "commands::trictrac::train::curve",
            "commands::tafl::engine::host",
            "commands::tafl::selfplay",
            "commands::play::tafl",
            "commands::play::trictrac::ecrire",
            "commands::simulate::merge",
            "commands::replay",
        ],
    );
    graph.assert_no_circle();
    graph.assert_layers(&[
        ("the shared arguments", &["args"]),
        ("the shared I/O", &["io"]),
        ("the per-game adapters", &["games"]),
        ("the commands", &["commands"]),
        ("the root", &[""]),
    ]);
    let groups = command_groups(&graph, &src("boardgames-cli"));
    let mut expected = vec![
        "commands",
        "commands::play",
        "commands::simulate",
        "commands::tafl",
        "commands::trictrac",
    ];
    expected.sort_unstable();
    assert_eq!(groups, expected);
    let wrong = imports_between_commands(&graph, &groups);
    assert!(
        wrong.is_empty(),
        "imports between commands:\n{}",
        wrong.join("\n")
    );
    // The dispatch goes down the tree: the root's match reaches the groups, and a group its
    // commands.
    assert!(graph.imports["commands"].contains_key("commands::tafl"));
    assert!(graph.imports["commands::tafl"].contains_key("commands::tafl::engine"));
}

#[test]
fn the_command_check_refuses_an_import_between_commands() {
    let graph = Graph::from_sources([
        ("lib.rs", "mod commands;\n"),
        (
            "commands/mod.rs",
            "mod play;\nmod replay;\nfn run() { play::go(); replay::go(); }\n",
        ),
        (
            "commands/play/mod.rs",
            "mod tafl;\nmod trictrac;\nfn go() { tafl::go(); }\n",
        ),
        (
            "commands/play/tafl.rs",
            "fn go() { super::trictrac::help(); }\n",
        ),
        (
            "commands/play/trictrac/mod.rs",
            "mod ecrire;\nfn help() { ecrire::help(); }\n",
        ),
        (
            "commands/play/trictrac/ecrire.rs",
            "fn help() { crate::commands::replay::go(); }\n",
        ),
        ("commands/replay.rs", "fn go() {}\n"),
    ]);
    let groups = ["commands".to_owned(), "commands::play".to_owned()];
    // The root's and the group's dispatch, and a command's own files, are allowed; a command
    // importing a sibling or a cousin is not.
    let wrong = imports_between_commands(&graph, &groups);
    assert_eq!(
        wrong,
        [
            "commands::play::tafl (commands/play/tafl.rs) imports commands::play::trictrac, another command",
            "commands::play::trictrac::ecrire (commands/play/trictrac/ecrire.rs) imports commands::replay, another command",
        ]
    );
}
