//! The modules of `src/` form no import circle: every `crate::module`
//! path outside comments and test modules is an edge, and the graph of
//! those edges must have no cycle. Run alone with
//! `cargo test -p tsumi-mate --test module_layers -- --nocapture` to see
//! the layers (each module after everything it uses).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name → the modules its code names through `crate::`.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("lib.rs") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            files.insert(name, std::fs::read_to_string(&path).unwrap());
        }
    }
    let names: BTreeSet<String> = files.keys().cloned().collect();
    files
        .iter()
        .map(|(name, text)| (name.clone(), uses(text, &names, name)))
        .collect()
}

/// The modules among `names` that `text` (module `me`) names: in `use
/// crate::{a, b::c}` groups and in `crate::a` paths, comments and the test
/// module left out.
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
            out.insert(ident(rest));
        }
        if in_group {
            for part in rest.split(',') {
                let part = part.trim_start_matches(|c: char| c.is_whitespace() || c == '{');
                if !part.is_empty() {
                    out.insert(ident(part));
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

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn modules_form_no_import_circle() {
    let g = graph();
    assert!(g.len() > 10, "the sources were read");
    assert!(g["solver"].contains("search"), "edges are found");
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
