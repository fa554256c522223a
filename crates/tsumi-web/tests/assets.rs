//! The page's files as a browser fetches them: the page, then every
//! script, style sheet and icon it names, then every module those scripts
//! import (read from their `import … from './x.js'` lines), each served
//! with its content type; and no file is served that the page never asks
//! for.

mod common;

use common::*;
use http_body_util::BodyExt;
use std::collections::{BTreeSet, VecDeque};
use tower::ServiceExt;
use tsumi_web::assets::ASSETS;

/// `GET path`: the status, the content type and the text.
async fn fetch(app: &axum::Router, path: &str) -> (u16, String, String) {
    let res = app.clone().oneshot(get(path)).await.unwrap();
    let status = res.status().as_u16();
    let ty = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, ty, String::from_utf8(bytes.to_vec()).unwrap())
}

/// The values of `attr="…"` in the HTML.
fn attributes(html: &str, attr: &str) -> Vec<String> {
    let key = format!("{attr}=\"");
    html.match_indices(&key)
        .map(|(i, _)| {
            let rest = &html[i + key.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// The modules a script imports (`import … from './x.js'`, `import
/// './x.js'`, `import('./x.js')`, `export … from './x.js'`), as paths
/// from the root.
fn imports(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    for quote in ['\'', '"'] {
        for opener in [
            format!("from {quote}"),
            format!("import {quote}"),
            format!("import({quote}"),
        ] {
            for (i, _) in script.match_indices(&opener) {
                let rest = &script[i + opener.len()..];
                let spec = &rest[..rest.find(quote).unwrap()];
                let path = spec
                    .strip_prefix("./")
                    .map(|p| format!("/{p}"))
                    .unwrap_or_else(|| spec.to_string());
                out.push(path);
            }
        }
    }
    out
}

#[test]
fn imports_are_read_from_every_form() {
    let script = "import { a, b } from './x.js';\nimport './y.js';\nexport { c } from \"./z.js\";\nconst m = import('./w.js');\n";
    let mut found = imports(script);
    found.sort();
    assert_eq!(found, ["/w.js", "/x.js", "/y.js", "/z.js"]);
}

#[tokio::test]
async fn every_file_the_page_asks_for_is_served_with_its_type() {
    let app = server(1, 1);
    let (status, ty, html) = fetch(&app, "/").await;
    assert_eq!(status, 200);
    assert_eq!(ty, "text/html; charset=utf-8");
    // The page loads one entry module; the rest come from its imports.
    assert!(html.contains("<script type=\"module\" src=\"/app.js\"></script>"));
    let mut asked: BTreeSet<String> = BTreeSet::from(["/".to_string()]);
    let mut todo: VecDeque<String> = attributes(&html, "src")
        .into_iter()
        .chain(attributes(&html, "href"))
        .collect();
    let mut modules = 0;
    while let Some(path) = todo.pop_front() {
        if !asked.insert(path.clone()) {
            continue;
        }
        let (status, ty, body) = fetch(&app, &path).await;
        assert_eq!(status, 200, "{path} is not served");
        let want = if path.ends_with(".js") {
            "text/javascript; charset=utf-8"
        } else if path.ends_with(".css") {
            "text/css; charset=utf-8"
        } else if path.ends_with(".svg") {
            "image/svg+xml"
        } else {
            panic!("the page asks for {path}, of no known type")
        };
        assert_eq!(ty, want, "{path}");
        if path.ends_with(".js") {
            modules += 1;
            for import in imports(&body) {
                assert!(import.starts_with('/'), "{path} imports {import}");
                todo.push_back(import);
            }
        }
    }
    assert!(modules >= 10, "only {modules} modules reached");
    // Every file served is one the page asks for (no dead module).
    let served: BTreeSet<String> = ASSETS.iter().map(|a| a.path.to_string()).collect();
    assert_eq!(served, asked);
}

#[tokio::test]
async fn a_file_not_in_the_page_is_a_404() {
    let app = server(1, 1);
    let (status, _, _) = fetch(&app, "/nothing.js").await;
    assert_eq!(status, 404);
}
