//! tsumi-web: `tsumi serve`, the composer's workbench in the browser.
//!
//! A local server (axum on tokio) and the one page it serves, embedded in
//! the binary. The page sets up a problem, solves it, shows the line and
//! the soundness report, checks an author's solution and hands out KIF,
//! SFEN and a link; everything it shows is computed here, by the same
//! crates as the `tsumi` command (the page knows no rule of shogi).
//!
//! - [`server`]: [`serve`] listens and serves until Ctrl-C.
//! - [`options`]: the server's settings ([`ServeOptions`]).
//! - [`assets`]: the page (HTML, CSS, the JavaScript modules, icon).
//! - [`board`]: the board as the page draws and edits it.
//! - [`problem_api`]: `POST /api/parse` (a pasted or dropped record) and
//!   `POST /api/position` (an edited board).
//! - [`solve_api`]: `POST /api/solve`; [`check_api`]: `POST /api/check`.
//! - [`collection_api`]: a whole collection at once: `POST
//!   /api/collection/parse`, `/api/collection/check` (全部検討, on every
//!   core) and `/api/collection/kif`.
//! - [`diagram_api`]: `POST /api/diagram`, the diagram (図面) as SVG.
//! - [`record_view`]: the record tree the page moves through, and
//!   `POST /api/kif`, the page's record with its comments as KIF.
//! - [`job`]: a search request as a stream of events (queue place,
//!   progress, answer), its stop flag (`POST /api/stop/{id}`).
//! - [`queue`]: at most `--max-searches` searches at once, a bounded line.
//! - [`solver_pool`]: solvers (and their tables) kept between requests.
//! - [`settings`]: a request's search settings and their bounds.
//! - [`lines`], [`report_view`]: lines and the report as the page plays
//!   and shows them.
//! - [`error`]: errors as the page receives them.
//! - [`host_check`]: a server on this machine answers only requests
//!   addressed to it (`Host`, `Origin`).
//!
//! The endpoints are documented in docs/web.md.

#![warn(missing_docs)]

pub mod assets;
pub mod board;
pub mod check_api;
pub mod collection_api;
pub mod diagram_api;
pub mod error;
pub mod host_check;
pub mod job;
pub mod lines;
pub mod options;
pub mod problem_api;
pub mod queue;
pub mod record_view;
pub mod report_view;
pub mod server;
pub mod settings;
pub mod solve_api;
pub mod solver_pool;

pub use options::ServeOptions;
pub use server::serve;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use error::ApiError;
use serde_json::{json, Value};
use std::sync::Arc;

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    /// How the server was started.
    pub options: Arc<ServeOptions>,
    /// The search queue.
    pub queue: Arc<queue::Queue>,
    /// The requests alive, by id.
    pub jobs: Arc<job::Jobs>,
    /// Solvers kept between requests.
    pub solvers: Arc<solver_pool::SolverPool>,
    /// The hosts answered.
    pub host_check: Arc<host_check::HostCheck>,
}

impl AppState {
    /// The state of a server started with `options`, answering the hosts
    /// of `options.host` and `options.port`.
    pub fn new(options: ServeOptions) -> AppState {
        let check = host_check::HostCheck::for_host(&options.host, options.port);
        AppState::with_check(options, check)
    }

    /// The state of a server started with `options` and listening on
    /// `addr` (whose port is the one port 0 got).
    pub fn serving(options: ServeOptions, addr: std::net::SocketAddr) -> AppState {
        AppState::with_check(options, host_check::HostCheck::for_address(addr))
    }

    fn with_check(options: ServeOptions, check: host_check::HostCheck) -> AppState {
        AppState {
            queue: queue::Queue::new(options.max_searches, options.max_queue),
            solvers: Arc::new(solver_pool::SolverPool::new(options.max_searches)),
            options: Arc::new(options),
            jobs: Arc::default(),
            host_check: Arc::new(check),
        }
    }
}

/// The server's routes.
pub fn app(state: AppState) -> Router {
    let mut router = Router::new();
    for asset in assets::ASSETS {
        router = router.route(asset.path, get(move || async move { asset.response() }));
    }
    router
        .route("/api/info", get(info))
        .route("/api/parse", post(problem_api::parse))
        .route("/api/position", post(problem_api::position))
        .route("/api/solve", post(solve_api::handler))
        .route("/api/check", post(check_api::handler))
        .route("/api/diagram", post(diagram_api::handler))
        .route("/api/kif", post(record_view::handler))
        .route("/api/collection/parse", post(collection_api::parse))
        .route("/api/collection/check", post(collection_api::check))
        .route("/api/collection/kif", post(collection_api::kif))
        .route("/api/stop/{id}", post(stop))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(options::MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            host_check::guard,
        ))
        .with_state(state)
}

/// `GET /api/info`: the version, the bounds and the defaults.
async fn info(State(app): State<AppState>) -> Json<Value> {
    let o = &app.options;
    let (running, waiting) = app.queue.load();
    let defaults = settings::Settings::default();
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "max_searches": o.max_searches,
        "max_queue": o.max_queue,
        "max_hash_mb": o.max_hash_mb,
        "max_threads": o.max_threads,
        "running": running,
        "waiting": waiting,
        "defaults": {
            "time_limit": defaults.time_limit,
            "hash_mb": defaults.hash_mb,
            "threads": defaults.threads,
            "interpositions": defaults.interpositions,
            "defence": defaults.defence,
            "shortest": defaults.shortest,
        },
    }))
}

/// `POST /api/stop/{id}`: stops a search (or takes it out of the line).
async fn stop(State(app): State<AppState>, Path(id): Path<u64>) -> Result<Json<Value>, ApiError> {
    if app.jobs.stop(id) {
        Ok(Json(json!({ "stopping": id })))
    } else {
        Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no search {id} is running"),
            format!("探索 {id} は動いていません"),
        ))
    }
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such page".to_string(),
        "そのページはありません".to_string(),
    )
}
