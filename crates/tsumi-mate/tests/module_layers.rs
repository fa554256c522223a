//! The modules of `src/` form no import circle: every `crate::module`
//! path outside comments and test modules is an edge, and the graph of
//! those edges must have no cycle. Run alone with
//! `cargo test -p tsumi-mate --test module_layers -- --nocapture` to see
//! the layers (each module after everything it uses).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name → the modules its code names through `crate::`. The
/// modules of a folder (`src/search/`) are named by their path
/// (`search::dfpn`).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    read_modules(&src, "", &mut files);
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(name, text)| (name.clone(), uses(text, &names, name)))
        .collect()
}

/// The sources of the modules in `dir` (and its folders), by module path
/// (`prefix` before each name).
fn read_modules(dir: &Path, prefix: &str, files: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            read_modules(&path, &format!("{prefix}{name}::"), files);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("lib.rs") {
            files.insert(
                format!("{prefix}{name}"),
                std::fs::read_to_string(&path).unwrap(),
            );
        }
    }
}

/// The modules among `names` that `text` (module `me`) names: in `use
/// crate::{a, b::c}` groups and in `crate::a` paths (`crate::a::b` when
/// `a::b` is a module), comments and the test module left out.
fn uses(text: &str, names: &BTreeSet<String>, me: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    let mut out = BTreeSet::new();
    let mut in_group = false;
    for line in code.lines() {
        let line = line.split("//").next().unwrap();
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            if let Some(group) = rest.strip_prefix('{') {
                in_group = true;
                rest = group;
                break;
            }
            out.insert(module(rest, names));
        }
        if in_group {
            for part in rest.split(',') {
                let part = part.trim_start_matches(|c: char| c.is_whitespace() || c == '{');
                if !part.is_empty() {
                    out.insert(module(part, names));
                }
            }
            if line.contains('}') {
                in_group = false;
            }
        }
    }
    out.into_iter()
        .filter(|m| names.contains(m) && m != me)
        .collect()
}

/// The module a path starting at `s` names: its first identifier, or the
/// first two when they name a module of a folder.
fn module(s: &str, names: &BTreeSet<String>) -> String {
    let first = ident(s);
    if let Some(rest) = s[first.len()..].strip_prefix("::") {
        let nested = format!("{first}::{}", ident(rest));
        if names.contains(&nested) {
            return nested;
        }
    }
    first
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn modules_form_no_import_circle() {
    let g = graph();
    assert!(g.len() > 10, "the sources were read");
    assert!(g["solver"].contains("search::walker"), "edges are found");
    assert!(g.contains_key("search::dfpn"), "the folders are read");
    // Layers: a module goes in once everything it uses is placed.
    let mut placed: BTreeSet<String> = BTreeSet::new();
    let mut layer = 0;
    while placed.len() < g.len() {
        let next: Vec<String> = g
            .iter()
            .filter(|(m, deps)| !placed.contains(*m) && deps.iter().all(|d| placed.contains(d)))
            .map(|(m, _)| m.clone())
            .collect();
        if next.is_empty() {
            let left: Vec<String> = g
                .iter()
                .filter(|(m, _)| !placed.contains(*m))
                .map(|(m, deps)| {
                    let open: Vec<&String> = deps.iter().filter(|d| !placed.contains(*d)).collect();
                    format!("{m} -> {open:?}")
                })
                .collect();
            panic!("import circle among:\n{}", left.join("\n"));
        }
        println!("layer {layer}: {}", next.join(" "));
        placed.extend(next);
        layer += 1;
    }
}
