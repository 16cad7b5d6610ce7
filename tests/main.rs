//! The integration tests of the root package, one module a subject (each file of this folder
//! but `main.rs`), in one test binary: the generic agents on the three games (`agents`), and
//! the layers of each crate and no import circle between the files of any crate of the workspace (`layers`), a record walked step by step as
//! its replay on the three games (`replay_steps`), and the one shape of the per-player containers, the enums and the games' operations (`shape`).

mod agents;
mod layers;
mod replay_steps;
mod shape;
mod vocabulary;

/// Every file of a package's `tests/` is compiled: a module of its one test binary
/// (declared in `main.rs`, or in the `mod.rs` of its folder) or a binary of its own (its
/// Cargo.toml's `[[test]]`). With `autotests = false`, a file named nowhere would silently
/// never run. One check for the workspace, here (the root package reads every package),
/// instead of a copy in each package's tests.
fn assert_every_test_file_is_compiled(package: &str) {
    fn check(dir: &std::path::Path, parent: &str, own: &str, missing: &mut Vec<String>) {
        let declared = std::fs::read_to_string(dir.join(parent)).expect("the folder's module");
        for entry in std::fs::read_dir(dir).expect("a folder of tests/") {
            let path = entry.expect("an entry of tests/").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let module = if path.join("mod.rs").is_file() {
                check(&path, "mod.rs", "", missing);
                name
            } else if let Some(stem) = name.strip_suffix(".rs") {
                stem
            } else {
                continue;
            };
            let is_module = declared
                .lines()
                .any(|l| l.trim() == format!("mod {module};"));
            let is_binary = own.contains(&format!("path = \"tests/{name}\""));
            if name != parent && !is_module && !is_binary {
                missing.push(path.display().to_string());
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(package);
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    assert!(
        manifest.contains("autotests = false") && manifest.contains("path = \"tests/main.rs\""),
        "{package}: its tests are one binary, tests/main.rs, with autotests = false"
    );
    let mut missing = Vec::new();
    check(&root.join("tests"), "main.rs", &manifest, &mut missing);
    assert!(
        missing.is_empty(),
        "files of {package}/tests/ compiled nowhere (declare them with `mod NAME;`): {missing:?}"
    );
}

#[test]
fn every_test_file_is_compiled() {
    assert_every_test_file_is_compiled(".");
}

#[test]
fn every_test_file_of_boardgames_common_is_compiled() {
    assert_every_test_file_is_compiled("crates/boardgames-common");
}

#[test]
fn every_test_file_of_trictrac_core_is_compiled() {
    assert_every_test_file_is_compiled("crates/trictrac-core");
}

#[test]
fn every_test_file_of_tafl_core_is_compiled() {
    assert_every_test_file_is_compiled("crates/tafl-core");
}

#[test]
fn every_test_file_of_sugoroku_core_is_compiled() {
    assert_every_test_file_is_compiled("crates/sugoroku-core");
}

#[test]
fn every_test_file_of_boardgames_arena_is_compiled() {
    assert_every_test_file_is_compiled("crates/boardgames-arena");
}

#[test]
fn every_test_file_of_the_cli_is_compiled() {
    assert_every_test_file_is_compiled("crates/boardgames-cli");
}
