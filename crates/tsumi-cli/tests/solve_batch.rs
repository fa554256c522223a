//! `tsumi solve` on whole batches: `--jobs`, `--ordered`, `--out` and
//! `--resume`, including a run killed half-way.

mod common;

use common::{run, temp_path, tsumi};
use std::collections::HashMap;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The bundled random set: 139 problems named `dev-NNN ref L` (L = 0: no
/// mate), every interposition counted.
const DEV: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../problems/dev.sfen");
const MATE3: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mate-3-ply.sfen");

/// The dev set's options: every interposition counted, and a node limit
/// that leaves none of its problems undecided but bounds the slowest.
const DEV_OPTIONS: [&str; 4] = ["--interpositions", "count", "--nodes", "400000"];

/// The JSON lines of a results file or of `--json` output.
fn rows(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// name → (result, length, nodes).
fn answers(rows: &[serde_json::Value]) -> HashMap<String, (String, Option<u64>, u64)> {
    rows.iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                (
                    r["result"].as_str().unwrap().to_string(),
                    r["length"].as_u64(),
                    r["nodes"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn two_jobs_give_the_answers_of_one() {
    // One job on a 64 MB table, and two jobs sharing 128 MB: each search
    // runs on a table of the same size, so even the node counts agree.
    let one: Vec<&str> = ["solve", DEV, "--json", "--hash", "64"]
        .into_iter()
        .chain(DEV_OPTIONS)
        .collect();
    let (ok, out1, err) = run(&one);
    assert!(ok, "{err}");
    let two: Vec<&str> = ["solve", DEV, "--json", "--hash", "128", "--jobs", "2"]
        .into_iter()
        .chain(DEV_OPTIONS)
        .collect();
    let (ok, out2, err) = run(&two);
    assert!(ok, "{err}");
    let (a, b) = (answers(&rows(&out1)), answers(&rows(&out2)));
    assert_eq!(a.len(), 139);
    assert_eq!(a, b);
    for (name, (result, length, _)) in &a {
        let reference: u64 = name.rsplit(' ').next().unwrap().parse().unwrap();
        if reference == 0 {
            assert_eq!(result, "nomate", "{name}");
        } else {
            assert_eq!(
                (result.as_str(), *length),
                ("mate", Some(reference)),
                "{name}"
            );
        }
    }
}

#[test]
fn ordered_jobs_print_in_input_order_and_the_summary_covers_the_batch() {
    let (ok, out, err) = run(&["solve", MATE3, "--jobs", "2", "--ordered", "--json"]);
    assert!(ok, "{err}");
    let names: Vec<String> = rows(&out)
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    let expected: Vec<String> = (1..=100).map(|i| format!("{MATE3}:{i}")).collect();
    assert_eq!(names, expected);
    let (ok, text, err) = run(&[
        "solve",
        MATE3,
        "--jobs",
        "2",
        "--hash",
        "16",
        "--interpositions",
        "count",
    ]);
    assert!(ok, "{err}");
    assert!(text.contains("| mate in 3 | 100 |"), "{text}");
    assert!(text.contains("100 of 100 decided"), "{text}");
    assert!(text.contains("solved in this run: 100 in "), "{text}");
    assert!(text.contains(", --jobs 2)"), "{text}");
}

#[test]
fn a_batch_killed_half_way_resumes_with_every_problem_once() {
    let out = temp_path("killed.jsonl");
    let _ = std::fs::remove_file(&out);
    let out_arg = out.to_str().unwrap();
    let args: Vec<&str> = [
        "solve", DEV, "--jobs", "2", "--hash", "32", "--out", out_arg,
    ]
    .into_iter()
    .chain(DEV_OPTIONS)
    .collect();
    let mut child = tsumi()
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once some results are written.
    let start = Instant::now();
    loop {
        let lines = std::fs::read_to_string(&out).map_or(0, |t| t.lines().count());
        if lines >= 20 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(120), "no results");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the batch ended before it could be killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let before = rows(&std::fs::read_to_string(&out).unwrap());
    assert!(before.len() >= 20 && before.len() < 139, "{}", before.len());
    // What a crash in the middle of a write would leave.
    let mut text = std::fs::read_to_string(&out).unwrap();
    text.push_str("{\"name\": \"dev-");
    std::fs::write(&out, text).unwrap();

    let resume: Vec<&str> = args.iter().copied().chain(["--resume"]).collect();
    let (ok, stdout, err) = run(&resume);
    assert!(ok, "{err}");
    assert!(err.contains("cut short"), "{err}");
    assert!(
        err.contains(&format!(
            "{} of 139 problems already answered",
            before.len()
        )),
        "{err}"
    );
    assert!(
        stdout.contains(&format!("{} read back from the results file", before.len())),
        "{stdout}"
    );
    assert!(stdout.contains("| all | 139 |"), "{stdout}");
    let after = rows(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(after.len(), 139);
    let mut count: HashMap<String, usize> = HashMap::new();
    for r in &after {
        *count
            .entry(r["name"].as_str().unwrap().to_string())
            .or_default() += 1;
        assert!(r["sfen"].is_string());
    }
    assert_eq!(count.len(), 139);
    assert!(count.values().all(|&n| n == 1));
    // The lines written before the kill are kept as they were.
    assert_eq!(&after[..before.len()], &before[..]);

    // Resuming a finished batch solves nothing.
    let (ok, stdout, _) = run(&resume);
    assert!(ok);
    assert!(stdout.contains("solved in this run: 0 in "), "{stdout}");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 139);
}

#[test]
fn a_problem_that_fails_is_an_error_row_and_resume_needs_out() {
    let out = temp_path("errors.jsonl");
    let _ = std::fs::remove_file(&out);
    let no_king = "9/9/9/9/9/9/9/9/4K4 b G 1";
    let (ok, stdout, err) = run(&[
        "solve",
        "--sfen",
        no_king,
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(err.contains("no king"), "{err}");
    let line = std::fs::read_to_string(&out).unwrap();
    assert_eq!(stdout, line);
    let row = &rows(&line)[0];
    assert_eq!(row["result"], "error");
    assert_eq!(row["sfen"], no_king);
    assert!(row["error"].as_str().unwrap().contains("no king"));

    let out = tsumi()
        .args(["solve", "--sfen", no_king, "--resume"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out"));
    let (ok, _, err) = run(&["solve", "--sfen", no_king, "--jobs", "0"]);
    assert!(!ok);
    assert!(err.contains("'0' is not a number of jobs"), "{err}");
}
