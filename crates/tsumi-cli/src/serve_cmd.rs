//! `tsumi serve`: starts the composer's workbench page (crates/tsumi-web).

use tsumi_web::server::{is_loopback, page_url, OPEN_NETWORK_WARNING};
use tsumi_web::ServeOptions;

/// Serve the composer's workbench in the browser (solve, report, check, KIF).
///
/// Starts a local web server whose one page sets up a problem (a board
/// editor, or a pasted or dropped SFEN/KIF/KIFU/CSA), solves it with the
/// same solver and defaults as tsumi solve (live progress, Stop), shows
/// the line and the soundness report (cooks with their lines, 変同, 変長,
/// 駒余り, refutations), checks an author's solution as tsumi check does,
/// and hands out KIF, SFEN and a link. The page is embedded in the
/// program: nothing is fetched from the internet. It listens on 127.0.0.1
/// (this machine only) unless --host says otherwise. Ctrl-C stops it.
/// See docs/web.md.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address makes
    /// the page reachable from other machines (a warning says so).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Searches that run at once (default: the number of cores); more
    /// wait in line.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_searches: Option<u16>,
    /// Requests that may wait in line; more are refused (HTTP 503).
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub max_queue: usize,
    /// The largest table one search may ask for, in MB.
    #[arg(long = "max-hash", value_name = "MB", default_value_t = 2048, value_parser = crate::solve_cmd::table_mb)]
    pub max_hash_mb: usize,
}

/// Runs the command.
pub fn run(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    let defaults = ServeOptions::default();
    let options = ServeOptions {
        host: args.host,
        port: args.port,
        open: args.open,
        max_searches: args.max_searches.map_or(defaults.max_searches, usize::from),
        max_queue: args.max_queue,
        max_hash_mb: args.max_hash_mb,
        ..defaults
    };
    tsumi_web::serve(options, |addr| {
        if !is_loopback(addr) {
            eprintln!("tsumi serve: {OPEN_NETWORK_WARNING}");
        }
        println!(
            "tsumi serve: the page is at {} (Ctrl-C stops the server)",
            page_url(addr)
        );
    })?;
    Ok(())
}
