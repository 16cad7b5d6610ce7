//! The integration tests of the root package, one module a subject (each file of this folder
//! but `main.rs`), in one test binary: the generic agents on the three games (`agents`), and
//! the layers of each library crate with no import circle between its files (`layers`), a record walked step by step as
//! its replay on the three games (`replay_steps`), and the one shape of the per-player containers, the enums and the games' operations (`shape`).

mod agents;
mod layers;
mod replay_steps;
mod shape;

/// Every file of `tests/` is compiled: a module of this binary (declared in `main.rs`, or in
/// the `mod.rs` of its folder) or a binary of its own (Cargo.toml's `[[test]]`). With
/// `autotests = false`, a file named nowhere would silently never run.
#[test]
fn every_test_file_is_compiled() {
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
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let mut missing = Vec::new();
    check(&root.join("tests"), "main.rs", &manifest, &mut missing);
    assert!(
        missing.is_empty(),
        "files of tests/ compiled nowhere (declare them with `mod NAME;`): {missing:?}"
    );
}
