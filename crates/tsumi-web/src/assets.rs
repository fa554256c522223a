//! The page, embedded in the binary: one HTML file, its scripts and style
//! sheets (the workbench, and the collection panel), hand-written (no
//! build step, nothing fetched from the internet), served with their
//! content types.

use axum::http::header;
use axum::response::IntoResponse;

/// A file of the page with its content type.
fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, content_type)], body)
}

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    asset(
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    )
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    )
}

/// `GET /record.js`: the record tree (棋譜 with branches and comments).
pub async fn record_script() -> impl IntoResponse {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/record.js"),
    )
}

/// `GET /collection.js`: the collection panel (全部検討).
pub async fn collection_script() -> impl IntoResponse {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../assets/collection.js"),
    )
}

/// `GET /app.css`.
pub async fn style() -> impl IntoResponse {
    asset("text/css; charset=utf-8", include_str!("../assets/app.css"))
}

/// `GET /collection.css`: the collection panel's style.
pub async fn collection_style() -> impl IntoResponse {
    asset(
        "text/css; charset=utf-8",
        include_str!("../assets/collection.css"),
    )
}

/// `GET /favicon.svg`.
pub async fn icon() -> impl IntoResponse {
    asset("image/svg+xml", include_str!("../assets/favicon.svg"))
}
