//! KIF / KIFU bytes (UTF-8 or Shift_JIS): the reader and the problem-file
//! reader never panic, and every record read writes out and reads back
//! the same.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsumi_notation::{kif, problem};

fuzz_target!(|data: &[u8]| {
    if let Ok(record) = kif::parse_kif_bytes(data, None) {
        tsumi_fuzz::kif_round_trip(&record);
        let _ = record.end_position();
    }
    for hint in [Some("x.kif"), Some("x.kifu")] {
        if let Ok(problems) = problem::parse_problems(data, hint) {
            for p in problems {
                let mut q = p.position.clone();
                assert!(q.validate_relaxed().is_ok(), "{}", p.position.to_sfen());
            }
        }
    }
});
