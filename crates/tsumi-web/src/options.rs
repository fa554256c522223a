//! How the server is started (`tsumi serve`'s options).

/// The server's settings.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (`127.0.0.1` unless told otherwise).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Open the page in the default browser once listening.
    pub open: bool,
    /// Searches that run at once; more wait in the queue.
    pub max_searches: usize,
    /// Requests that may wait in the queue; more are refused (503).
    pub max_queue: usize,
    /// The largest table one search may ask for, in MiB.
    pub max_hash_mb: usize,
    /// The most threads one search may ask for.
    pub max_threads: usize,
}

/// The number of cores, as the system reports it (at least 1).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            host: "127.0.0.1".to_string(),
            port: 8080,
            open: false,
            max_searches: cores(),
            max_queue: 16,
            max_hash_mb: 2048,
            max_threads: cores(),
        }
    }
}

/// The largest request body accepted (a pasted record or a dropped file),
/// in bytes.
pub const MAX_BODY: usize = 2 << 20;
