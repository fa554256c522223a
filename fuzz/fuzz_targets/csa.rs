//! CSA bytes (V2.2 / V3.0, several records separated by `/`): the reader
//! and the problem-file reader never panic, and every record read writes
//! out and reads back the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsumi_notation::{csa, problem};

fuzz_target!(|data: &[u8]| {
    if let Ok(records) = csa::parse_csa_bytes(data, None) {
        for record in &records {
            tsumi_fuzz::csa_round_trip(record);
            let _ = record.end_position();
        }
    }
    for hint in [Some("x.csa"), None] {
        if let Ok(problems) = problem::parse_problems(data, hint) {
            for p in problems {
                let mut q = p.position.clone();
                assert!(q.validate_relaxed().is_ok(), "{}", p.position.to_sfen());
            }
        }
    }
});
