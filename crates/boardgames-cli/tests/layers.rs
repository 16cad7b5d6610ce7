//! The CLI's layers (docs/architecture.md, "The command-line crate"): every file of `src`
//! imports only from its own layer or the layers below, no command names another command
//! through a `crate::commands` path, and the imports between files have no circle. (The root
//! package's `tests/layers/` checks the same crate with its full reading of paths, relative
//! ones included, and the rule of the command tree.)
//!
//! The check reads the sources: every `crate::a::b` path outside comments is an import of
//! the file that defines the longest prefix of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A file of `src` by its module path (`args`, `io::files`, `commands::play`; `` for lib.rs).
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let join = |n: &str| {
            if prefix.is_empty() {
                n.to_owned()
            } else {
                format!("{prefix}::{n}")
            }
        };
        if path.is_dir() {
            modules(&path, &join(&name), out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let module = match name.as_str() {
                "mod" | "lib" => prefix.to_owned(),
                "main" => continue,
                n => join(n),
            };
            out.insert(module, path);
        }
    }
}

/// The layer of a module: 1 the arguments, 2 the shared I/O, 3 the per-game adapters, 4 the
/// commands, 5 the root.
fn layer(module: &str) -> u8 {
    match module.split("::").next().unwrap() {
        "args" => 1,
        "io" => 2,
        "games" => 3,
        "commands" => 4,
        "" => 5,
        other => panic!("module {other} is in no layer: add it to docs/architecture.md and here"),
    }
}

/// The modules `text` imports through `crate::` paths (comments left out).
fn imports(text: &str, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let path: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
            let target = (0..=parts.len())
                .rev()
                .map(|n| parts[..n].join("::"))
                .find(|m| known.contains_key(m))
                .unwrap_or_default();
            found.insert(target);
            rest = after;
        }
    }
    found
}

#[test]
fn every_file_imports_only_from_its_layer_or_below_and_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut known = BTreeMap::new();
    modules(&src, "", &mut known);
    assert!(known.contains_key("args") && known.contains_key("commands::play"));
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (module, path) in &known {
        let text = std::fs::read_to_string(path).unwrap();
        let mut edges = imports(&text, &known);
        edges.remove(module);
        for target in &edges {
            if layer(target) > layer(module) {
                wrong.push(format!(
                    "{module} (layer {}) imports {target} (layer {})",
                    layer(module),
                    layer(target)
                ));
            }
            let command = |m: &str| m.starts_with("commands::");
            if command(module) && command(target) {
                wrong.push(format!("the command {module} imports the command {target}"));
            }
        }
        graph.insert(module.clone(), edges);
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
    // No circle: remove the modules that import nothing left, until none remains.
    let mut left = graph.clone();
    loop {
        let free: Vec<String> = left
            .iter()
            .filter(|(_, to)| to.iter().all(|t| !left.contains_key(t)))
            .map(|(m, _)| m.clone())
            .collect();
        if free.is_empty() {
            break;
        }
        for m in free {
            left.remove(&m);
        }
    }
    assert!(
        left.is_empty(),
        "an import circle between these files: {left:?}"
    );
}

#[test]
fn the_check_finds_an_import_and_its_module() {
    let mut known = BTreeMap::new();
    for m in ["", "io", "io::files", "games::tafl"] {
        known.insert(m.to_owned(), PathBuf::new());
    }
    let found = imports(
        "use crate::io::files::{Disk, Files};\n// crate::games::tafl in a comment\nlet r = crate::games::tafl::ruleset(x); crate::io::write_file(a);",
        &known,
    );
    let want: BTreeSet<String> = ["io::files", "games::tafl", "io"].map(String::from).into();
    assert_eq!(found, want);
    assert_eq!(layer("commands::play"), 4);
    assert_eq!(layer("io::files"), 2);
}
