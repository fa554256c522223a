//! One search request, from its place in the queue to its answer, as a
//! stream of server-sent events:
//!
//! - `accepted` `{"id"}`: the id to stop it with (`POST /api/stop/{id}`);
//! - `queued` `{"ahead"}`: waiting, with this many requests ahead;
//! - `started` `{}`;
//! - `progress` `{"stage", "phase", "mate_length", "nodes", "nps",
//!   "elapsed_ms", "hashfull"}`, four times a second while it runs;
//! - `answer`: the request's answer, as soon as it is known;
//! - `lines`: the lines of the report's cooks and longer defences, built
//!   after the answer;
//! - `error` `{"message", "message_ja"}` instead, when the search could
//!   not be made;
//! - `end` `{}`, last.
//!
//! The search runs on a blocking thread and keeps its queue slot until it
//! has ended. Stop raises its stop flag: the solver ends within a few
//! hundred nodes and answers with what it has (a mate already found is
//! kept). A client that goes away (a closed tab) raises the same flag.

use crate::error::ApiError;
use crate::queue::{Permit, Place, Queue, Ticket};
use axum::response::sse::{Event, KeepAlive, Sse};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};
use tsumi_mate::{Phase, Progress};

/// Time between two progress events.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// The stop flags of the requests alive, by id.
#[derive(Default)]
pub struct Jobs {
    next: AtomicU64,
    flags: Mutex<HashMap<u64, Arc<AtomicBool>>>,
}

impl Jobs {
    fn flags(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<AtomicBool>>> {
        self.flags.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new request's id and stop flag.
    fn register(&self) -> (u64, Arc<AtomicBool>) {
        let id = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let flag = Arc::new(AtomicBool::new(false));
        self.flags().insert(id, flag.clone());
        (id, flag)
    }

    fn forget(&self, id: u64) {
        self.flags().remove(&id);
    }

    /// Raises request `id`'s stop flag; false if there is no such request
    /// (it has answered, or never was).
    pub fn stop(&self, id: u64) -> bool {
        match self.flags().get(&id) {
            Some(f) => {
                f.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }

    /// Raises every stop flag (the server is shutting down).
    pub fn stop_all(&self) {
        for f in self.flags().values() {
            f.store(true, Ordering::Relaxed);
        }
    }
}

/// What the search reports while it runs, read by the event stream.
#[derive(Default)]
struct Snapshot {
    stage: &'static str,
    /// Nodes of the stages before this one.
    base: u64,
    progress: Option<Progress>,
    mate_length: Option<u32>,
}

/// What a search can see of its request: the stop flag, where to put its
/// progress, and the stream to send its answers down.
#[derive(Clone)]
pub struct JobContext {
    /// Raised by Stop, by a closed connection and at shutdown.
    pub stop: Arc<AtomicBool>,
    snapshot: Arc<Mutex<Snapshot>>,
    events: mpsc::Sender<Event>,
}

impl JobContext {
    fn snapshot(&self) -> std::sync::MutexGuard<'_, Snapshot> {
        self.snapshot.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The search enters `stage` (`"solve"`, `"report"`, `"lines"`,
    /// `"check"`), the stages before it having searched `base` nodes.
    pub fn stage(&self, stage: &'static str, base: u64) {
        let mut s = self.snapshot();
        s.stage = stage;
        s.base = base;
        s.progress = None;
    }

    /// A mate of this length is known.
    pub fn mate_length(&self, n: Option<u32>) {
        if n.is_some() {
            self.snapshot().mate_length = n;
        }
    }

    /// The solver's progress callback for this request.
    pub fn progress_fn(&self) -> tsumi_mate::ProgressFn {
        let ctx = self.clone();
        Box::new(move |p: &Progress| {
            let mut s = ctx.snapshot();
            if let Phase::Shortening(n) | Phase::Line(n) = p.phase {
                if s.stage == "solve" {
                    s.mate_length = Some(n);
                }
            }
            s.progress = Some(*p);
        })
    }

    /// True once Stop was asked for.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Sends event `name` with `data` to the page (from the search's
    /// thread; nothing happens when the page has gone away).
    pub fn emit(&self, name: &str, data: &impl Serialize) {
        let _ = self.events.blocking_send(event(name, data));
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::FirstMate => "first-mate",
        Phase::Shortening(_) => "shortening",
        Phase::Line(_) => "line",
        Phase::PnStar => "pnstar",
    }
}

fn progress_event(ctx: &JobContext, started: Instant) -> Value {
    let s = ctx.snapshot();
    let (nodes, nps, phase, hashfull) = match &s.progress {
        Some(p) => {
            let secs = p.elapsed.as_secs_f64();
            let nps = if secs > 0.0 {
                (p.nodes as f64 / secs) as u64
            } else {
                0
            };
            (
                s.base + p.nodes,
                nps,
                Some(phase_name(p.phase)),
                Some(p.hashfull_permille),
            )
        }
        None => (s.base, 0, None, None),
    };
    json!({
        "stage": s.stage,
        "phase": phase,
        "mate_length": s.mate_length,
        "nodes": nodes,
        "nps": nps,
        "elapsed_ms": started.elapsed().as_millis() as u64,
        "hashfull": hashfull,
    })
}

fn event(name: &str, data: &impl Serialize) -> Event {
    Event::default()
        .event(name)
        .json_data(data)
        .unwrap_or_else(|e| Event::default().event("error").data(e.to_string()))
}

fn error_event(e: &ApiError) -> Event {
    event(
        "error",
        &json!({"message": e.message, "message_ja": e.message_ja}),
    )
}

/// The search behind a request: runs on a blocking thread and sends its
/// answers with [`JobContext::emit`], or fails with an error for the
/// page.
pub type Work = Box<dyn FnOnce(&JobContext) -> Result<(), ApiError> + Send>;

/// The data of a `progress` event, made at each tick from the request's
/// context and the time its search started.
pub type ProgressView = Box<dyn Fn(&JobContext, Instant) -> Value + Send>;

/// The event stream of a request that has a place in the queue.
pub fn stream(
    queue_place: Ticket,
    jobs: Arc<Jobs>,
    work: Work,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    stream_with(queue_place, jobs, work, Box::new(progress_event))
}

/// [`stream`] with progress events of its own (a collection's check).
pub fn stream_with(
    queue_place: Ticket,
    jobs: Arc<Jobs>,
    work: Work,
    progress: ProgressView,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let (tx, rx) = mpsc::channel::<Event>(16);
    tokio::spawn(drive(queue_place, jobs, work, progress, tx));
    Sse::new(ReceiverStream::new(rx).map(Ok)).keep_alive(KeepAlive::default())
}

/// A place in the queue, or 503 when the line is full.
pub fn join(queue: &Arc<Queue>) -> Result<Ticket, ApiError> {
    join_many(queue, 1)
}

/// A place in the queue for a request of `slots` searches at once, or 503
/// when the line is full.
pub fn join_many(queue: &Arc<Queue>, slots: usize) -> Result<Ticket, ApiError> {
    queue.join_many(slots).ok_or_else(|| {
        ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "too many searches are waiting; try again later".to_string(),
            "待っている探索が多すぎます。しばらくしてからもう一度どうぞ".to_string(),
        )
    })
}

async fn drive(
    mut ticket: Ticket,
    jobs: Arc<Jobs>,
    work: Work,
    progress: ProgressView,
    tx: mpsc::Sender<Event>,
) {
    let (id, stop) = jobs.register();
    let _forget = Forget(jobs.clone(), id);
    if tx
        .send(event("accepted", &json!({ "id": id })))
        .await
        .is_err()
    {
        return;
    }
    let Some(permit) = wait_turn(&mut ticket, &stop, &tx).await else {
        return;
    };
    drop(ticket);
    let ctx = JobContext {
        stop: stop.clone(),
        snapshot: Arc::default(),
        events: tx.clone(),
    };
    if tx.send(event("started", &json!({}))).await.is_err() {
        stop.store(true, Ordering::Relaxed);
        return;
    }
    let started = Instant::now();
    let job_ctx = ctx.clone();
    let mut handle = tokio::task::spawn_blocking(move || {
        let _slot: Permit = permit;
        work(&job_ctx)
    });
    let mut tick = tokio::time::interval(PROGRESS_INTERVAL);
    tick.tick().await;
    loop {
        tokio::select! {
            done = &mut handle => {
                let failed = match done {
                    Ok(Ok(())) => None,
                    Ok(Err(e)) => Some(e),
                    Err(e) => Some(ApiError::new(
                        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                        format!("internal error: the search failed: {e}"),
                        format!("内部エラー: 探索が異常終了しました: {e}"),
                    )),
                };
                if let Some(e) = failed {
                    let _ = tx.send(error_event(&e)).await;
                }
                let _ = tx.send(event("end", &json!({}))).await;
                return;
            }
            _ = tick.tick() => {
                if tx.send(event("progress", &progress(&ctx, started))).await.is_err() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
            _ = tx.closed() => {
                // The page went away: its search ends at the next poll of
                // the flag and gives its slot back then.
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Waits for the request's turn, telling the page its place; `None` when
/// the page went away or stopped the request before its turn (which is
/// then answered as stopped).
async fn wait_turn(
    ticket: &mut Ticket,
    stop: &AtomicBool,
    tx: &mpsc::Sender<Event>,
) -> Option<Permit> {
    let mut told = None;
    loop {
        let (place, permit) = ticket.place();
        if let Some(p) = permit {
            return Some(p);
        }
        if let Place::Waiting(ahead) = place {
            if told != Some(ahead) {
                told = Some(ahead);
                if tx
                    .send(event("queued", &json!({ "ahead": ahead })))
                    .await
                    .is_err()
                {
                    return None;
                }
            }
        }
        if stop.load(Ordering::Relaxed) {
            let _ = tx
                .send(event(
                    "answer",
                    &json!({ "stopped": true, "started": false }),
                ))
                .await;
            let _ = tx.send(event("end", &json!({}))).await;
            return None;
        }
        tokio::select! {
            _ = ticket.changed() => {}
            _ = tx.closed() => return None,
            _ = tokio::time::sleep(PROGRESS_INTERVAL) => {}
        }
    }
}

/// Forgets a request's stop flag when its stream ends.
struct Forget(Arc<Jobs>, u64);

impl Drop for Forget {
    fn drop(&mut self) {
        self.0.forget(self.1);
    }
}
