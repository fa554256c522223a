//! The USI command stream: any bytes, read line by line by the real engine
//! (state machine, option and clock parsing, the df-pn backend), never
//! panic nor hang, and every line written is a USI answer. The backend's
//! table is capped at 1 MiB and each search at 2 000 nodes, so that a
//! `setoption name USI_Hash value 65536` or `go infinite` costs nothing
//! here; everything else is the production path.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};
use tsumi_cli::usi::backend::{MateBackend, MateOutcome, SearchLimits, SearchProgress};
use tsumi_cli::usi::dfpn::DfPnBackend;
use tsumi_core::{Move, Position};

struct Capped(DfPnBackend);

impl MateBackend for Capped {
    fn resize(&mut self, hash_mb: usize) -> Result<(), String> {
        self.0.resize(hash_mb.min(1))
    }

    fn set_threads(&mut self, threads: usize) {
        self.0.set_threads(threads.min(2))
    }

    fn solve(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchProgress),
    ) -> Result<MateOutcome, String> {
        let capped = SearchLimits {
            nodes: Some(limits.nodes.unwrap_or(2_000).min(2_000)),
            ..limits.clone()
        };
        self.0.solve(pos, &capped, progress)
    }
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const ANSWERS: [&str; 7] = [
    "id ",
    "option ",
    "usiok",
    "readyok",
    "info ",
    "checkmate ",
    "bestmove ",
];

fuzz_target!(|data: &[u8]| {
    let out = Shared::default();
    tsumi_cli::usi::run_with(
        Box::new(Capped(DfPnBackend::new())),
        Cursor::new(data),
        Box::new(out.clone()),
    );
    let written = out.0.lock().unwrap().clone();
    let text = String::from_utf8(written).expect("the engine writes UTF-8");
    for line in text.lines() {
        assert!(
            ANSWERS
                .iter()
                .any(|a| line.starts_with(a) || line == a.trim_end()),
            "not a USI answer: {line:?}"
        );
        assert!(!line.contains('\r'), "{line:?}");
        if let Some(rest) = line.strip_prefix("checkmate ") {
            if !matches!(rest, "nomate" | "timeout" | "notimplemented") {
                for m in rest.split(' ') {
                    assert!(Move::from_usi(m).is_some(), "{line:?}");
                }
            }
        }
    }
});
