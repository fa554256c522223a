//! The page, embedded in the binary: one HTML file, its ES modules (the
//! entry `app.js` and a module for each concern, which import each other
//! by relative paths: no bundler, no build step), its style sheets and
//! its icon, hand-written, nothing fetched from the internet, each served
//! at `/NAME` with its content type.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A file of the page.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Where it is served (`/app.js`; `/` for the page).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its text.
    pub body: &'static str,
}

impl Asset {
    /// The file as an HTTP response.
    pub fn response(&self) -> Response {
        ([(header::CONTENT_TYPE, self.content_type)], self.body).into_response()
    }
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! assets {
    ($($path:literal => $file:literal, $type:expr;)*) => {
        /// Every file of the page.
        pub const ASSETS: &[Asset] = &[
            $(Asset {
                path: $path,
                content_type: $type,
                body: include_str!(concat!("../assets/", $file)),
            },)*
        ];
    };
}

assets! {
    "/" => "index.html", HTML;
    // The entry: tabs, language, the controls the panels share.
    "/app.js" => "app.js", JS;
    // What the page shows, in Japanese and English; the wording of the
    // server's error codes.
    "/words.js" => "words.js", JS;
    "/state.js" => "state.js", JS;
    "/dom.js" => "dom.js", JS;
    "/api.js" => "api.js", JS;
    "/messages.js" => "messages.js", JS;
    "/pieces.js" => "pieces.js", JS;
    "/board.js" => "board.js", JS;
    "/editor.js" => "editor.js", JS;
    "/search.js" => "search.js", JS;
    "/answers.js" => "answers.js", JS;
    "/record.js" => "record.js", JS;
    "/takeaway.js" => "takeaway.js", JS;
    "/diagram.js" => "diagram.js", JS;
    "/collection.js" => "collection.js", JS;
    "/app.css" => "app.css", CSS;
    "/collection.css" => "collection.css", CSS;
    "/favicon.svg" => "favicon.svg", SVG;
}
