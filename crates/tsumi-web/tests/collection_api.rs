//! The collection endpoints called in-process as the page calls them: a
//! file of works with a broken record among them, 全部検討 streaming a
//! result per work (with its verdict, its record and its KIF) and its
//! progress, Stop ending a check, the answers as one KIF file read back,
//! and bad requests refused. (The browser test compares the exports with
//! `tsumi solve --json --report --jobs 2`.)

mod common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

const SECOND: Duration = Duration::from_secs(1);

/// dev.tsv: a sound mate in 1 under either rule, a mate in 3 with a cook
/// at ply 1, and a proven no-mate (the 無駄合 rule does not change them).
const SOUND_1: &str = "9/7Sk/9/8N/7S1/6P2/9/9/9 b G2r2b3g2s3n4l17p 1";
const NO_MATE: &str = "9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1";

fn works(v: &Value) -> &Vec<Value> {
    v["works"].as_array().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_file_of_works_with_a_broken_record_is_read_record_by_record() {
    let app = server(2, 4);
    let text =
        format!("# works\n{SOUND_1}\t1\tone\nnot a position\n{COOKED3}\t3\tcooked\n{NO_MATE}\n");
    let (s, v) = call(
        &app,
        post("/api/collection/parse?name=set.tsv", "text/plain", text),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let w = works(&v);
    assert_eq!(w.len(), 4);
    assert_eq!(
        (w[0]["name"].as_str(), w[0]["line"].as_u64()),
        (Some("one"), Some(2))
    );
    assert_eq!(w[0]["sfen"], SOUND_1);
    assert_eq!(w[0]["published_length"], 1);
    assert_eq!(w[1]["sfen"], Value::Null);
    assert_eq!(w[1]["error"]["line"], 3);
    assert!(
        w[1]["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("set.tsv:3: "),
        "{v}"
    );
    assert_eq!(w[3]["name"], "set.tsv:5");
    // A position that breaks a rule is the error of its own record.
    let (_, v) = call(
        &app,
        post(
            "/api/collection/parse",
            "text/plain",
            format!("{SOUND_1}\nP3k4/9/9/9/9/9/9/9/9 b G 1\n"),
        ),
    )
    .await;
    assert!(works(&v)[0]["error"].is_null());
    assert_eq!(works(&v)[1]["error"]["line"], 2, "{v}");
    assert!(!works(&v)[1]["error"]["message_ja"]
        .as_str()
        .unwrap()
        .is_empty());
    // No problem at all, and a text that cannot be decoded.
    let (s, v) = call(
        &app,
        post("/api/collection/parse", "text/plain", "# nothing\n"),
    )
    .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("no_problem"))
    );
    let (s, v) = call(
        &app,
        post(
            "/api/collection/parse?name=x.png",
            "application/octet-stream",
            &b"\xFF\xFEa\x00"[..],
        ),
    )
    .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("utf16"))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn check_all_streams_a_verdict_per_work_and_the_kif_reads_back() {
    let app = server(2, 4);
    let body = json!({
        "works": [
            {"name": "one", "sfen": SOUND_1, "published_length": 1},
            {"name": "cooked", "sfen": COOKED3, "published_length": 3},
            {"name": "none", "sfen": NO_MATE},
            {"name": "bad", "sfen": "P3k4/9/9/9/9/9/9/9/9 b G 1"},
        ],
        "settings": {"time_limit": 10.0, "interpositions": "count"},
    });
    let mut e = Events::open(&app, "/api/collection/check", body).await;
    assert_eq!(e.status, StatusCode::OK);
    let (events, finished) = e.until("finished", 60 * SECOND).await;
    assert_eq!(finished["done"], 4);
    assert_eq!(finished["stopped"], false);
    let mut results: Vec<&Value> = events
        .iter()
        .filter(|(n, _)| n == "result")
        .map(|(_, v)| v)
        .collect();
    results.sort_by_key(|r| r["index"].as_u64());
    assert_eq!(results.len(), 4);
    assert_eq!(results[0]["verdict"]["status"], "sound");
    assert_eq!(results[0]["record"]["length"], 1);
    let cooked = &results[1]["verdict"];
    assert_eq!(cooked["status"], "faulty");
    assert_eq!(cooked["faults"][0]["kind"], "cook");
    assert_eq!(cooked["faults"][0]["ply"], 1);
    assert_eq!(results[2]["verdict"]["faults"][0]["kind"], "no-mate");
    // A no-mate's KIF is its refuted first checks, as `tsumi solve --kif`
    // writes it, the start commented 不詰.
    let refuted = results[2]["kifu"].as_str().expect("a no-mate's record");
    assert!(refuted.contains("*不詰"), "{refuted}");
    // The refused position: an error record, as `tsumi solve --json`
    // writes one.
    assert!(results[3]["verdict"].is_null());
    let line: Value = serde_json::from_str(results[3]["json_line"].as_str().unwrap()).unwrap();
    assert_eq!(line["result"], "error");
    assert_eq!(line["name"], "bad");
    // The JSON line is the record, spaced as the command writes it.
    let line0 = results[0]["json_line"].as_str().unwrap();
    assert!(
        line0.starts_with("{\"name\": \"one\", \"sfen\": "),
        "{line0}"
    );
    assert_eq!(
        serde_json::from_str::<Value>(line0).unwrap(),
        results[0]["record"]
    );

    // Without the lines: the same verdict, no cook's line in the record.
    let body = json!({
        "works": [{"name": "cooked", "sfen": COOKED3}],
        "settings": {"time_limit": 10.0, "interpositions": "count"},
        "lines": false,
    });
    let mut e = Events::open(&app, "/api/collection/check", body).await;
    let (_, r) = e.until("result", 60 * SECOND).await;
    assert_eq!(r["verdict"], *cooked);
    assert!(
        r["record"]["report"]["cooks"][0].get("line").is_none(),
        "{r}"
    );
    assert!(results[1]["record"]["report"]["cooks"][0]["line"].is_array());
    // What the answer box shows, as /api/solve's answer and lines give it.
    let answer = &results[1]["answer"];
    assert_eq!(
        answer["main"]["steps"].as_array().unwrap().len(),
        3,
        "{answer}"
    );
    assert_eq!(answer["report"]["cooks"][0]["ply"], 1, "{answer}");
    assert!(results[1]["lines"]["cooks"][0]["steps"].is_array());
    assert!(results[2]["answer"]["report"]["refutations"].is_array());

    // The answers as one KIF file, read back as a collection.
    let records: Vec<&Value> = results
        .iter()
        .map(|r| &r["kifu"])
        .filter(|k| !k.is_null())
        .collect();
    assert_eq!(records.len(), 3);
    let (s, k) = post_json(&app, "/api/collection/kif", json!({ "records": records })).await;
    assert_eq!(s, StatusCode::OK, "{k}");
    assert!(k["kif_base64"].is_string());
    let kifu = k["kifu"].as_str().unwrap().to_string();
    let (_, v) = call(
        &app,
        post("/api/collection/parse?name=all.kifu", "text/plain", kifu),
    )
    .await;
    let names: Vec<&str> = works(&v)
        .iter()
        .map(|w| w["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["one", "cooked", "none"]);
    // The position (KIF keeps no move number).
    let sfen = works(&v)[1]["sfen"].as_str().unwrap().to_string();
    assert_eq!(
        sfen.rsplit_once(' ').unwrap().0,
        COOKED3.rsplit_once(' ').unwrap().0
    );
    // The record's moves, in Japanese (後手 attacks here).
    assert!(works(&v)[1]["author_line"]
        .as_str()
        .unwrap()
        .starts_with('△'));

    // A title Shift_JIS cannot write: no .kif, and why by its code (the
    // character as its parameter), with no English in the Japanese.
    let named = records[0].as_str().unwrap().replace("one", "one 😀");
    let (s, k) = post_json(&app, "/api/collection/kif", json!({ "records": [named] })).await;
    assert_eq!(s, StatusCode::OK, "{k}");
    assert!(k["kif_base64"].is_null(), "{k}");
    let e = &k["kif_error"];
    assert_eq!(e["code"], "not_shift_jis", "{k}");
    assert_eq!(e["params"]["char"], "😀", "{k}");
    assert!(e["message_ja"]
        .as_str()
        .unwrap()
        .contains("Shift_JIS で書けない文字「😀」"));
}

#[tokio::test(flavor = "multi_thread")]
async fn stop_ends_a_check_and_bad_requests_are_refused() {
    let app = server(2, 4);
    let body = json!({
        "works": (0..6).map(|i| json!({"name": format!("long {i}"), "sfen": LONG})).collect::<Vec<_>>(),
        "settings": {"time_limit": 30.0},
    });
    let mut e = Events::open(&app, "/api/collection/check", body).await;
    let (_, accepted) = e.until("accepted", 5 * SECOND).await;
    let (progress, p) = e.until("progress", 5 * SECOND).await;
    let _ = progress;
    assert_eq!(
        (p["total"].as_u64(), p["jobs"].as_u64()),
        (Some(6), Some(2)),
        "{p}"
    );
    let id = accepted["id"].as_u64().unwrap();
    stop(&app, id).await;
    let (_, finished) = e.until("finished", 5 * SECOND).await;
    assert_eq!(finished["stopped"], true);
    // The two works running answer (stopped); no other was started.
    assert_eq!(finished["done"], 2, "{finished}");

    let (s, v) = post_json(&app, "/api/collection/check", json!({"works": []})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("works_count"))
    );
    let (s, _) = post_json(
        &app,
        "/api/collection/check",
        json!({"works": [{"sfen": ONE}], "jobs": 3}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, v) = post_json(&app, "/api/collection/kif", json!({"records": []})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("no_record"))
    );
}
