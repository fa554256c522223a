//! Listening and serving: `tsumi serve` runs [`serve`], which binds the
//! address, says where the page is (and warns when it is reachable from
//! other machines), opens it with `--open`, and serves until Ctrl-C, when
//! every running search is stopped.

use crate::options::ServeOptions;
use crate::{app, AppState};
use std::net::SocketAddr;

/// Why the server could not run.
#[derive(Debug)]
pub struct ServeError(pub String);

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

/// The warning printed when the server listens beyond this machine.
pub const OPEN_NETWORK_WARNING: &str = "warning: the page is reachable from other machines on this network, and anyone who reaches it can run searches here (use --host 127.0.0.1 to keep it on this machine)";

/// Serves the page with `options` until Ctrl-C. `ready` is called with
/// the address listened on once the server accepts connections.
pub fn serve(options: ServeOptions, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServeError(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(run(options, ready))
}

async fn run(options: ServeOptions, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let host = options.host.clone();
    let listener = tokio::net::TcpListener::bind((host.as_str(), options.port))
        .await
        .map_err(|e| ServeError(format!("cannot listen on {host}:{}: {e}", options.port)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServeError(format!("cannot read the address listened on: {e}")))?;
    let open = options.open;
    let state = AppState::serving(options, addr);
    let jobs = state.jobs.clone();
    ready(addr);
    if open {
        let url = page_url(addr);
        if let Err(e) = open::that_detached(&url) {
            eprintln!("tsumi serve: cannot open a browser ({e}); open {url} by hand");
        }
    }
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async move {
            let _ = tokio::signal::ctrl_c().await;
            jobs.stop_all();
        })
        .await
        .map_err(|e| ServeError(format!("the server stopped: {e}")))
}

/// The page's address for a browser on this machine.
pub fn page_url(addr: SocketAddr) -> String {
    let host = if addr.ip().is_unspecified() {
        "127.0.0.1".to_string()
    } else if addr.is_ipv6() {
        format!("[{}]", addr.ip())
    } else {
        addr.ip().to_string()
    };
    format!("http://{host}:{}/", addr.port())
}

/// True when `addr` is reachable only from this machine.
pub fn is_loopback(addr: SocketAddr) -> bool {
    addr.ip().is_loopback()
}
