//! Calling the server's routes in-process, and reading event streams.

#![allow(dead_code)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use std::time::{Duration, Instant};
use tower::ServiceExt;
use tsumi_web::{app, AppState, ServeOptions};

/// 岡村孝雄「驚愕の曠野」: far beyond a short search, so a search of it
/// runs until it is stopped.
pub const LONG: &str = "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1";
/// A mate in 1.
pub const ONE: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";
/// A mate in 3 with two other first moves that also mate in 3.
pub const COOKED3: &str =
    "1+P1gkg2l/2s3s+P1/3ppp2p/P1p2npp1/l2N1+b3/3KP1P2/N2P1PS1P/2+p1G2R1/L1+r3sNL w Pbgp 58";

/// A server with these bounds on searches.
pub fn server(max_searches: usize, max_queue: usize) -> Router {
    app(AppState::new(ServeOptions {
        max_searches,
        max_queue,
        ..ServeOptions::default()
    }))
}

/// The `Host` a browser on this machine sends to a server with the
/// default options (127.0.0.1, port 8080).
pub const HOST: &str = "127.0.0.1:8080";

/// A request with a body, addressed as the page addresses it.
pub fn post(uri: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(uri)
        .header("host", HOST)
        .header("content-type", content_type)
        .body(body.into())
        .unwrap()
}

/// A GET request, addressed as the page addresses it.
pub fn get(uri: &str) -> Request<Body> {
    Request::get(uri)
        .header("host", HOST)
        .body(Body::empty())
        .unwrap()
}

/// Sends `req` and reads the whole answer as JSON (`Null` if it is not).
pub async fn call(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Posts JSON.
pub async fn post_json(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, post(uri, "application/json", body.to_string())).await
}

/// `POST /api/stop/{id}`: stops the search `id` (the server answers 200).
pub async fn stop(app: &Router, id: u64) {
    let (s, _) = call(
        app,
        post(&format!("/api/stop/{id}"), "application/json", ""),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "stopping search {id}");
}

/// An event stream being read.
pub struct Events {
    body: Body,
    buf: String,
    pub status: StatusCode,
}

impl Events {
    /// Opens the stream of a search request.
    pub async fn open(app: &Router, uri: &str, body: Value) -> Events {
        let res = app
            .clone()
            .oneshot(post(uri, "application/json", body.to_string()))
            .await
            .unwrap();
        Events {
            status: res.status(),
            body: res.into_body(),
            buf: String::new(),
        }
    }

    /// The next event (`name`, data), or `None` when the stream ends or
    /// nothing comes `within`.
    pub async fn next(&mut self, within: Duration) -> Option<(String, Value)> {
        let end = Instant::now() + within;
        loop {
            if let Some(i) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..i + 2).collect();
                let mut name = String::from("message");
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(n) = line.strip_prefix("event: ") {
                        name = n.to_string();
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data.push_str(d);
                    }
                }
                if data.is_empty() {
                    continue; // a keep-alive comment
                }
                return Some((name, serde_json::from_str(&data).unwrap()));
            }
            let left = end.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.body.frame()).await.ok()??;
            if let Ok(data) = frame.unwrap().into_data() {
                self.buf.push_str(std::str::from_utf8(&data).unwrap());
            }
        }
    }

    /// Reads until an event named `name`; the events before it and it.
    pub async fn until(&mut self, name: &str, within: Duration) -> (Vec<(String, Value)>, Value) {
        let end = Instant::now() + within;
        let mut before = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.next(left).await {
                Some((n, v)) if n == name => return (before, v),
                Some(e) => before.push(e),
                None => panic!("no '{name}' event within {within:?}; got {before:?}"),
            }
        }
    }
}

/// The search settings of a request, `tsumi solve`'s defaults apart from
/// `extra`.
pub fn solve_body(sfen: &str, extra: Value) -> Value {
    serde_json::json!({ "sfen": sfen, "settings": extra })
}
