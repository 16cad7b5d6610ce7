//! The imports between the files of one crate, read from its sources: the graph, its
//! circles, and the check of a crate's layers.
//!
//! A file imports another when its code names an item through a path (`crate::a::B`,
//! `super::B`, `self::a::B`, a child module's `a::B`, or a name brought in by a `use`,
//! grouped ones such as `use crate::{a::B, c::{D, E}}` included) whose item is defined in
//! that other file. A name re-exported by a module (`pub use game::Game;` at the root) is
//! followed to the file that defines it, so `use crate::Game` imports `game.rs`, not
//! `lib.rs`. A re-export is no import of its own (`lib.rs` re-exporting `game::Game` does not
//! depend on `game.rs`) unless the file's code uses the name. Comments, string literals and
//! every item under `#[cfg(test)]` (a `mod tests { .. }`, a `mod tests;` and its file) are
//! left out: tests may use any file.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::Path;

/// A token of Rust source, as far as paths need: identifiers (`crate`, `self` and keywords
/// included), `::`, and single punctuation characters. Comments, strings and characters are
/// dropped; lifetimes too.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let ident_start = |ch: char| ch.is_alphabetic() || ch == '_';
    let ident_char = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied().unwrap_or('\0');
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && next == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && next == '*' {
            // Block comments nest.
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if ch == '"' || ((ch == 'b' || ch == 'c') && next == '"') {
            i += if ch == '"' { 1 } else { 2 };
            while i < c.len() && c[i] != '"' {
                line += usize::from(c[i] == '\n');
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if let Some(hashes) = raw_string_start(&c[i..]) {
            // r"..", r#".."#, br#".."#: up to the quote followed by as many #.
            i += hashes.1;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (0..hashes.0).all(|k| c.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes.0;
                    break;
                }
                line += usize::from(c[i] == '\n');
                i += 1;
            }
        } else if ch == '\'' {
            // A character ('x', '\n', '\u{1F}') or a lifetime ('a, 'static).
            if next == '\\' {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if c.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ch == 'r' && next == '#' && c.get(i + 2).is_some_and(|&x| ident_start(x)) {
            // A raw identifier: r#type.
            let start = i + 2;
            i = start;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ident_start(ch) {
            let start = i;
            while i < c.len() && ident_char(c[i]) {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ch.is_ascii_digit() {
            while i < c.len()
                && (ident_char(c[i])
                    || c[i] == '.' && c.get(i + 1).is_some_and(char::is_ascii_digit))
            {
                i += 1;
            }
        } else if ch == ':' && next == ':' {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            out.push((Tok::Punct(ch), line));
            i += 1;
        }
    }
    out
}

/// At a raw string (`r"`, `r#"`, `br"`, `cr#"`): its number of `#` and the length of its
/// opening.
fn raw_string_start(c: &[char]) -> Option<(usize, usize)> {
    let mut i = 0;
    if c.first().is_some_and(|&x| x == 'b' || x == 'c') {
        i += 1;
    }
    if c.get(i) != Some(&'r') {
        return None;
    }
    i += 1;
    let mut hashes = 0;
    while c.get(i) == Some(&'#') {
        hashes += 1;
        i += 1;
    }
    (c.get(i) == Some(&'"')).then_some((hashes, i + 1))
}

fn is_punct(t: Option<&(Tok, usize)>, ch: char) -> bool {
    matches!(t, Some((Tok::Punct(p), _)) if *p == ch)
}

fn ident(t: Option<&(Tok, usize)>) -> Option<&str> {
    match t {
        Some((Tok::Ident(s), _)) => Some(s),
        _ => None,
    }
}

/// The index after the item starting at `i`: its `;`, or the end of its first `{ .. }` group
/// (at depth 0 of parentheses and brackets).
fn item_end(toks: &[(Tok, usize)], mut i: usize) -> usize {
    let mut depth = 0i32;
    while i < toks.len() {
        match toks[i].0 {
            Tok::Punct('(' | '[') => depth += 1,
            Tok::Punct(')' | ']') => depth -= 1,
            Tok::Punct(';') if depth == 0 => return i + 1,
            Tok::Punct('{') if depth == 0 => {
                let mut braces = 0;
                while i < toks.len() {
                    match toks[i].0 {
                        Tok::Punct('{') => braces += 1,
                        Tok::Punct('}') => {
                            braces -= 1;
                            if braces == 0 {
                                return i + 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// The end of the attribute `#[ .. ]` starting at `i`, and whether it is `cfg(test)` or
/// `cfg(all(test, ..))`.
fn attribute(toks: &[(Tok, usize)], i: usize) -> Option<(usize, bool)> {
    if !is_punct(toks.get(i), '#') || !is_punct(toks.get(i + 1), '[') {
        return None;
    }
    let mut depth = 0;
    let mut j = i + 1;
    while j < toks.len() {
        match toks[j].0 {
            Tok::Punct('[') => depth += 1,
            Tok::Punct(']') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        j += 1;
    }
    let words: Vec<&str> = toks[i + 2..j]
        .iter()
        .filter_map(|t| ident(Some(t)))
        .take(3)
        .collect();
    let test = matches!(words[..], ["cfg", "test", ..] | ["cfg", "all", "test", ..]);
    Some((j + 1, test))
}

/// The tokens of a file without its test-only items, and the modules those declare
/// (`#[cfg(test)] mod tests;`).
fn without_tests(toks: Vec<(Tok, usize)>) -> (Vec<(Tok, usize)>, Vec<String>) {
    let (mut out, mut test_mods) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < toks.len() {
        match attribute(&toks, i) {
            Some((after, true)) => {
                let mut j = after;
                while let Some((next, _)) = attribute(&toks, j) {
                    j = next;
                }
                let end = item_end(&toks, j);
                let words: Vec<&str> = toks[j..end].iter().filter_map(|t| ident(Some(t))).collect();
                if let Some(at) = words.iter().position(|w| *w == "mod")
                    && let Some(name) = words.get(at + 1)
                {
                    test_mods.push((*name).to_owned());
                }
                i = end;
            }
            _ => {
                out.push(toks[i].clone());
                i += 1;
            }
        }
    }
    (out, test_mods)
}

/// One name a `use` brings in: the path as written (`crate`, `super`, `self` or a first
/// segment), the name it binds (`None` for a glob) and whether the `use` is `pub`.
#[derive(Debug, Clone)]
struct UseEntry {
    path: Vec<String>,
    name: Option<String>,
    public: bool,
    line: usize,
}

/// The entries of the `use` tree in `toks[i..end]`, under `prefix`.
fn use_tree(
    toks: &[(Tok, usize)],
    prefix: &[String],
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    // Split at top-level commas.
    let mut parts: Vec<&[(Tok, usize)]> = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, t) in toks.iter().enumerate() {
        match t.0 {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                parts.push(&toks[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    for part in parts {
        let mut path = prefix.to_vec();
        let mut k = 0;
        let mut done = false;
        while k < part.len() {
            match &part[k].0 {
                Tok::Ident(s) if s == "as" => {
                    let alias = ident(part.get(k + 1)).unwrap_or("_").to_owned();
                    out.push((path.clone(), Some(alias)));
                    done = true;
                    break;
                }
                Tok::Ident(s) => path.push(s.clone()),
                Tok::PathSep => {}
                Tok::Punct('*') => {
                    out.push((path.clone(), None));
                    done = true;
                    break;
                }
                Tok::Punct('{') => {
                    let inner = &part[k + 1..part.len() - 1];
                    use_tree(inner, &path, out);
                    done = true;
                    break;
                }
                Tok::Punct(_) => {}
            }
            k += 1;
        }
        if !done && path.len() > prefix.len() {
            // `a::b::{self}` binds `b`.
            if path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            let name = path.last().cloned();
            out.push((path, name));
        }
    }
}

/// A file read: its `use` entries and the paths of its other code.
#[derive(Debug, Default)]
struct File {
    uses: Vec<UseEntry>,
    /// Paths of two segments or more outside `use` (`crate::a::B`, `super::f`, `a::B`), with
    /// their line.
    paths: Vec<(Vec<String>, usize)>,
    /// Every identifier of the code outside `use` statements.
    idents: BTreeSet<String>,
    /// Names of the items the file defines (struct, enum, fn, ...).
    defines: BTreeSet<String>,
}

fn read_file(text: &str) -> (File, Vec<String>) {
    let (toks, test_mods) = without_tests(tokens(text));
    let mut file = File::default();
    let mut i = 0;
    while i < toks.len() {
        if ident(toks.get(i)) == Some("use") {
            // `pub use`, `pub(crate) use`, `pub(super) use`.
            let public = ident(toks.get(i.wrapping_sub(1))) == Some("pub")
                || (is_punct(toks.get(i.wrapping_sub(1)), ')')
                    && (2..=4).any(|back| ident(toks.get(i.wrapping_sub(back))) == Some("pub")));
            let end = (i..toks.len())
                .find(|&k| is_punct(toks.get(k), ';'))
                .unwrap_or(toks.len());
            let line = toks[i].1;
            let mut entries = Vec::new();
            let start = if toks.get(i + 1).is_some_and(|t| t.0 == Tok::PathSep) {
                i + 2
            } else {
                i + 1
            };
            use_tree(&toks[start..end], &[], &mut entries);
            for (path, name) in entries {
                file.uses.push(UseEntry {
                    path,
                    name,
                    public,
                    line,
                });
            }
            i = end + 1;
            continue;
        }
        if let Some(word) = ident(toks.get(i)) {
            let definer = matches!(
                word,
                "struct" | "enum" | "trait" | "fn" | "type" | "const" | "static" | "union" | "mod"
            );
            if definer && let Some(name) = ident(toks.get(i + 1)) {
                file.defines.insert(name.to_owned());
            }
            if word == "macro_rules"
                && is_punct(toks.get(i + 1), '!')
                && let Some(name) = ident(toks.get(i + 2))
            {
                file.defines.insert(name.to_owned());
            }
            // A `mod a;` declares the module; it does not use a name `a`.
            if ident(toks.get(i.wrapping_sub(1))) != Some("mod") {
                file.idents.insert(word.to_owned());
            }
            let starts = toks
                .get(i.wrapping_sub(1))
                .is_none_or(|t| t.0 != Tok::PathSep);
            if starts && toks.get(i + 1).is_some_and(|t| t.0 == Tok::PathSep) {
                let mut path = vec![word.to_owned()];
                let mut k = i + 1;
                while toks.get(k).is_some_and(|t| t.0 == Tok::PathSep) {
                    match ident(toks.get(k + 1)) {
                        Some(s) => path.push(s.to_owned()),
                        None => break,
                    }
                    k += 2;
                }
                if path.len() >= 2 {
                    file.paths.push((path, toks[i].1));
                }
            }
        }
        i += 1;
    }
    (file, test_mods)
}

/// An import of one file by another, with the path that makes it and its line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Import {
    /// The imported module (`""` for the crate root).
    pub(super) to: String,
    /// The path as written.
    pub(super) path: String,
    /// Its line in the importing file.
    pub(super) line: usize,
}

/// The graph of the imports between the files of one crate, by module path (`game`,
/// `agents::random`; `""` for `lib.rs`).
#[derive(Debug, Default)]
pub(super) struct Graph {
    /// Every file's module and its path relative to `src` (`agents/random.rs`).
    pub(super) files: BTreeMap<String, String>,
    /// Every file's imports of the other files (the first path of each).
    pub(super) imports: BTreeMap<String, BTreeMap<String, Import>>,
}

/// The module name of a file for messages: `crate` for the root.
pub(super) fn display(module: &str) -> &str {
    if module.is_empty() { "crate" } else { module }
}

impl Graph {
    /// The graph of the crate whose sources are `src` (its `lib.rs` and every file under it).
    pub(super) fn read(src: &Path) -> Graph {
        fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, String)>) {
            let mut entries: Vec<_> = std::fs::read_dir(dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|e| e.unwrap().path())
                .collect();
            entries.sort();
            for path in entries {
                let name = path.file_name().unwrap().to_str().unwrap().to_owned();
                let rel = if rel.is_empty() {
                    name
                } else {
                    format!("{rel}/{name}")
                };
                if path.is_dir() {
                    walk(&path, &rel, out);
                } else if rel.ends_with(".rs") {
                    out.push((rel, std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
        let mut sources = Vec::new();
        walk(src, "", &mut sources);
        assert!(
            sources.iter().any(|(rel, _)| rel == "lib.rs"),
            "{} holds no lib.rs",
            src.display()
        );
        Graph::from_sources(sources.iter().map(|(r, t)| (r.as_str(), t.as_str())))
    }

    /// The graph of sources given as (path relative to `src`, text): `lib.rs`, `a.rs`,
    /// `b/mod.rs`, `b/c.rs`. Files under `bin/` and `main.rs` are not the library's.
    pub(super) fn from_sources<'a>(sources: impl IntoIterator<Item = (&'a str, &'a str)>) -> Graph {
        let mut files = BTreeMap::new();
        let mut read = BTreeMap::new();
        let mut test_only = BTreeSet::new();
        for (rel, text) in sources {
            let Some(stem) = rel.strip_suffix(".rs") else {
                continue;
            };
            let mut parts: Vec<&str> = stem.split('/').collect();
            if parts[0] == "bin" || stem == "main" {
                continue;
            }
            if matches!(parts.last(), Some(&"mod" | &"lib")) {
                parts.pop();
            }
            let module = parts.join("::");
            let (file, test_mods) = read_file(text);
            for m in test_mods {
                test_only.insert(if module.is_empty() {
                    m
                } else {
                    format!("{module}::{m}")
                });
            }
            files.insert(module.clone(), rel.to_owned());
            read.insert(module, file);
        }
        // A test-only module and every file under it are not the library's.
        let is_test = |m: &str| {
            test_only
                .iter()
                .any(|t| m == t || m.starts_with(&format!("{t}::")))
        };
        files.retain(|m, _| !is_test(m));
        read.retain(|m, _| !is_test(m));
        let resolver = Resolver { files: &read };
        let mut imports = BTreeMap::new();
        for (module, file) in &read {
            let mut to: BTreeMap<String, Import> = BTreeMap::new();
            let mut add = |target: String, path: &[String], line: usize| {
                if target != *module {
                    to.entry(target.clone()).or_insert(Import {
                        to: target,
                        path: path.join("::"),
                        line,
                    });
                }
            };
            // The names the file's `use`s bind, for the paths of its code.
            let mut aliases: BTreeMap<&str, Vec<String>> = BTreeMap::new();
            for u in &file.uses {
                let Some(abs) = resolver.absolute(module, &u.path, &BTreeMap::new()) else {
                    continue;
                };
                if let Some(name) = &u.name {
                    aliases.insert(name, abs.clone());
                }
                let (target, is_module) = resolver.resolve(&abs);
                // A module named by a `use` is imported where its items are used; an item,
                // here, unless this `use` only re-exports it.
                let used = match &u.name {
                    Some(name) => !u.public || file.idents.contains(name),
                    // A glob: an import unless it re-exports.
                    None => !u.public,
                };
                if used && (!is_module || u.name.is_none()) {
                    add(target, &u.path, u.line);
                }
            }
            for (path, line) in &file.paths {
                if let Some(abs) = resolver.absolute(module, path, &aliases) {
                    add(resolver.resolve(&abs).0, path, *line);
                }
            }
            imports.insert(module.clone(), to);
        }
        Graph { files, imports }
    }

    /// The circles of imports, one for each set of two files or more of which each imports,
    /// through the others, every other (a strongly connected component): the set, sorted,
    /// and its shortest closed path `[a, b, .., a]` through its first file.
    pub(super) fn circles(&self) -> Vec<(Vec<String>, Vec<String>)> {
        // Tarjan's algorithm, in the modules' order.
        struct State<'g> {
            graph: &'g Graph,
            index: BTreeMap<&'g str, usize>,
            low: BTreeMap<&'g str, usize>,
            stack: Vec<&'g str>,
            on_stack: BTreeSet<&'g str>,
            components: Vec<Vec<String>>,
        }
        fn visit<'g>(s: &mut State<'g>, v: &'g str) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            for w in s.graph.imports[v].keys() {
                let w = w.as_str();
                if !s.graph.imports.contains_key(w) {
                    continue;
                }
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = s.stack.pop().unwrap();
                    s.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    s.components.push(component);
                }
            }
        }
        let mut s = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            components: Vec::new(),
        };
        for v in self.imports.keys() {
            if !s.index.contains_key(v.as_str()) {
                visit(&mut s, v);
            }
        }
        let mut components = s.components;
        components.sort();
        components
            .into_iter()
            .map(|c| {
                let path = self.shortest_circle(&c);
                (c, path)
            })
            .collect()
    }

    /// The shortest closed path through the first module of `component`.
    fn shortest_circle(&self, component: &[String]) -> Vec<String> {
        let start = &component[0];
        let mut before: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = VecDeque::from([start.as_str()]);
        while let Some(v) = queue.pop_front() {
            for w in self.imports[v].keys() {
                if w == start {
                    let mut path = vec![start.clone(), v.to_owned()];
                    let mut at = v;
                    while at != start {
                        at = before[at];
                        path.push(at.to_owned());
                    }
                    path.reverse();
                    return path;
                }
                if component.contains(w) && !before.contains_key(w.as_str()) {
                    before.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        unreachable!("a component of two modules or more has a circle")
    }

    /// A circle in words: each import of it, the file, the path and its line.
    pub(super) fn describe(&self, circle: &[String]) -> String {
        let mut out = String::new();
        for pair in circle.windows(2) {
            let import = &self.imports[&pair[0]][&pair[1]];
            let _ = writeln!(
                out,
                "    {} imports {} ({}:{}: {})",
                display(&pair[0]),
                display(&pair[1]),
                self.files[&pair[0]],
                import.line,
                import.path
            );
        }
        out
    }

    /// Panics naming every circle of imports between the files.
    pub(super) fn assert_no_circle(&self) {
        let circles = self.circles();
        let mut message = String::new();
        for (files, path) in &circles {
            let names =
                |ms: &[String]| ms.iter().map(|m| display(m).to_owned()).collect::<Vec<_>>();
            let _ = writeln!(
                message,
                "an import circle between {}: {}",
                names(files).join(", "),
                names(path).join(" -> ")
            );
            message.push_str(&self.describe(path));
        }
        assert!(circles.is_empty(), "{message}");
    }

    /// Panics naming every file in no layer and every import of a higher layer. `layers` are
    /// listed from the lowest: a layer's name and its modules, each a module path that
    /// covers the files under it too (`"game"` is `game/mod.rs` and `game/ordinaire.rs`;
    /// `""` is `lib.rs` alone). A file imports only its own layer and the layers below.
    pub(super) fn assert_layers(&self, layers: &[(&str, &[&str])]) {
        let layer_of = |module: &str| {
            layers
                .iter()
                .enumerate()
                .flat_map(|(n, (_, prefixes))| prefixes.iter().map(move |p| (n, *p)))
                .filter(|(_, p)| {
                    module == *p || (!p.is_empty() && module.starts_with(&format!("{p}::")))
                })
                .max_by_key(|(_, p)| p.len())
                .map(|(n, _)| n)
        };
        let mut wrong = Vec::new();
        for (module, imports) in &self.imports {
            let Some(from) = layer_of(module) else {
                wrong.push(format!(
                    "{} ({}) is in no layer",
                    display(module),
                    self.files[module]
                ));
                continue;
            };
            for (to, import) in imports {
                if let Some(up) = layer_of(to).filter(|&n| n > from) {
                    wrong.push(format!(
                        "{} (layer {}) imports {} (layer {}) at {}:{}: {}",
                        display(module),
                        layers[from].0,
                        display(to),
                        layers[up].0,
                        self.files[module],
                        import.line,
                        import.path
                    ));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "against the layers:\n{}",
            wrong.join("\n")
        );
    }
}

/// Name resolution over the files of a crate.
struct Resolver<'a> {
    files: &'a BTreeMap<String, File>,
}

impl Resolver<'_> {
    /// The absolute segments (from the crate root, without `crate`) of `path` written in
    /// `module`, if it names something of this crate: `crate::`, `self::`, `super::`, a child
    /// module, or a name the file's `use`s bind (`aliases`).
    fn absolute(
        &self,
        module: &str,
        path: &[String],
        aliases: &BTreeMap<&str, Vec<String>>,
    ) -> Option<Vec<String>> {
        let here: Vec<String> = if module.is_empty() {
            Vec::new()
        } else {
            module.split("::").map(str::to_owned).collect()
        };
        let first = path.first()?;
        let (mut base, rest) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" | "super" => {
                let mut base = here.clone();
                let mut k = 0;
                while k < path.len() && (path[k] == "self" || path[k] == "super") {
                    if path[k] == "super" {
                        base.pop()?;
                    }
                    k += 1;
                }
                (base, &path[k..])
            }
            _ => {
                let mut child = here.clone();
                child.push(first.clone());
                if self.files.contains_key(&child.join("::")) {
                    (child, &path[1..])
                } else if let Some(abs) = aliases.get(first.as_str()) {
                    (abs.clone(), &path[1..])
                } else {
                    return None;
                }
            }
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what `abs` names, and whether it names a module (a file)
    /// rather than an item.
    fn resolve(&self, abs: &[String]) -> (String, bool) {
        self.resolve_depth(abs, 0)
    }

    fn resolve_depth(&self, abs: &[String], depth: usize) -> (String, bool) {
        let n = (0..=abs.len())
            .rev()
            .find(|&n| self.files.contains_key(&abs[..n].join("::")))
            .unwrap_or(0);
        let module = abs[..n].join("::");
        let Some(name) = abs.get(n) else {
            return (module, true);
        };
        let file = &self.files[&module];
        if depth < 16 && !file.defines.contains(name) {
            // A name a `use` of that module binds: follow it.
            for u in &file.uses {
                if u.name.as_ref() == Some(name)
                    && let Some(mut target) = self.absolute(&module, &u.path, &BTreeMap::new())
                {
                    target.extend(abs[n + 1..].iter().cloned());
                    return self.resolve_depth(&target, depth + 1);
                }
            }
            // A glob re-export whose module has the name.
            for u in file.uses.iter().filter(|u| u.name.is_none()) {
                if let Some(mut target) = self.absolute(&module, &u.path, &BTreeMap::new()) {
                    target.extend(abs[n..].iter().cloned());
                    let found = self.resolve_depth(&target, depth + 1);
                    if self.files[&found.0].defines.contains(name) {
                        return found;
                    }
                }
            }
        }
        (module, false)
    }
}
