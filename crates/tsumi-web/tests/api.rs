//! Every endpoint, called in-process as the page calls it: reading
//! problems, editing a board, solving with progress and Stop, a closed
//! connection, the queue and its bound, checking an author's line, and
//! every kind of bad input answered with a 4xx and a message. (The
//! answers are compared with `tsumi solve --json` in the tsumi-cli crate's
//! tests/serve.rs.)

mod common;

use axum::http::{Request, StatusCode};
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const SECOND: Duration = Duration::from_secs(1);

/// Held by the tests that search for seconds or measure time, so that
/// they do not share the cores with each other.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// 将棋無双 22: its 33-ply mate is found in a fraction of a second; that
/// no shorter one exists takes minutes to prove.
const MUSOU_22: &str = "1p+r1n4/p1P1kSs2/2Sp1pR2/3sp4/1N7/1P6+b/9/9/9 b 2G2NPb2g4l10p 1";

/// The Shift_JIS record of 驚愕の曠野 as 柿木将棋 wrote it.
const KYOGAKU_KIF: &[u8] =
    include_bytes!("../../tsumi-notation/tests/data/formats/kyogaku-no-koya-59.kif");

fn message(v: &Value) -> &str {
    v["error"]["message"].as_str().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread")]
async fn parse_reads_sfen_kif_and_csa_in_either_encoding() {
    let app = server(2, 4);
    let (s, v) = call(&app, post("/api/parse", "text/plain", ONE)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["sfen"], ONE);
    assert_eq!(v["board"]["rows"][0][4], "k");
    assert_eq!(v["board"]["hands"]["b"]["G"], 1);
    assert_eq!(v["defender_rest"], false);

    let (s, v) = call(
        &app,
        post(
            "/api/parse?name=kyogaku.kif",
            "application/octet-stream",
            KYOGAKU_KIF,
        ),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["name"], "驚愕の曠野");
    assert_eq!(v["published_length"], 59);
    assert_eq!(v["defender_rest"], true);
    let steps = v["solution"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 59);
    assert!(steps[0]["ja"].as_str().unwrap().starts_with('▲'));
    let sfen = v["sfen"].clone();
    // The same record pasted as UTF-8 text.
    let (text, _) = tsumi_notation::text_encoding::decode_text(KYOGAKU_KIF, false).unwrap();
    let (s, v) = call(&app, post("/api/parse", "text/plain", text)).await;
    assert_eq!((s, &v["sfen"]), (StatusCode::OK, &sfen));

    let pos = tsumi_core::Position::from_sfen(ONE).unwrap();
    let csa = tsumi_notation::csa::position_to_csa(&pos);
    let (s, v) = call(&app, post("/api/parse?name=one.csa", "text/plain", csa)).await;
    assert_eq!((s, &v["sfen"]), (StatusCode::OK, &json!(ONE)), "{v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edited_board_is_checked_and_the_defender_gets_the_rest() {
    let app = server(2, 4);
    let (_, v) = call(&app, post("/api/parse", "text/plain", ONE)).await;
    let board = v["board"].clone();
    let (s, v) = post_json(
        &app,
        "/api/position",
        json!({"board": board, "defender_rest": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["defender_rest"], true);
    let w = &v["board"]["hands"]["w"];
    assert_eq!(
        (w["R"].clone(), w["G"].clone(), w["P"].clone()),
        (json!(2), json!(3), json!(17))
    );
    assert_eq!(v["sfen"], "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    // The count of what is left for the defender, by kind.
    assert_eq!(
        v["rest"],
        json!({"R": 2, "B": 2, "G": 3, "S": 4, "N": 4, "L": 4, "P": 17})
    );
    // A hand as listed: the count still says what 残り全部 would give.
    let mut listed = v["board"].clone();
    listed["hands"]["w"] = json!({"P": 2});
    let (s, v) = post_json(
        &app,
        "/api/position",
        json!({"board": listed, "defender_rest": false}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["defender_rest"], false);
    assert_eq!(v["sfen"], "4k4/9/4P4/9/9/9/9/9/9 b G2p 1");
    assert_eq!(v["rest"]["P"], 17);
    assert_eq!(v["rest"]["G"], 3);

    // Another pawn on file 5: 二歩, refused with the two squares.
    let mut two = board.clone();
    two["rows"][6][4] = json!("P");
    let (s, v) = post_json(
        &app,
        "/api/position",
        json!({"board": two, "defender_rest": true}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"]["message_ja"],
        "二歩: 先手の歩が５筋に2枚あります"
    );
    assert_eq!(v["error"]["squares"], json!([[2, 4], [6, 4]]));
    assert_eq!(v["board"]["rows"][6][4], "P");

    // No king to mate.
    let mut bare = board.clone();
    bare["rows"][0][4] = json!("");
    let (s, v) = post_json(
        &app,
        "/api/position",
        json!({"board": bare, "defender_rest": false}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]["message_ja"]
            .as_str()
            .unwrap()
            .contains("玉がありません"),
        "{v}"
    );

    let mut junk = board.clone();
    junk["rows"][3][3] = json!("Q");
    let (s, v) = post_json(
        &app,
        "/api/position",
        json!({"board": junk, "defender_rest": false}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(message(&v).contains("unknown piece 'Q'"), "{v}");
}

/// A JSON body axum refuses comes with its code for the page to word, and
/// its Japanese message quotes none of serde's English.
#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_json_body_comes_with_its_code() {
    let app = server(2, 4);
    let cases: Vec<(Request<axum::body::Body>, StatusCode, &str)> = vec![
        (
            post("/api/solve", "application/json", "{\"sfen\": "),
            StatusCode::BAD_REQUEST,
            "body_not_json",
        ),
        (
            post("/api/check", "application/json", "not json"),
            StatusCode::BAD_REQUEST,
            "body_not_json",
        ),
        (
            post(
                "/api/solve",
                "application/json",
                json!({"sfen": 3}).to_string(),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "body_fields",
        ),
        (
            post(
                "/api/position",
                "application/json",
                json!({"nothing": 1}).to_string(),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "body_fields",
        ),
        (
            post("/api/solve", "text/plain", json!({"sfen": ONE}).to_string()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "body_not_json_type",
        ),
        (
            post("/api/solve", "application/json", vec![b' '; 10 << 20]),
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
        ),
        (
            post("/api/parse", "text/plain", vec![b'x'; 10 << 20]),
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
        ),
    ];
    for (req, want, code) in cases {
        let what = format!("{} {}", req.method(), req.uri());
        let (s, v) = call(&app, req).await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (want, Some(code)),
            "{what}: {v}"
        );
        let ja = v["error"]["message_ja"].as_str().unwrap();
        assert!(!ja.is_empty(), "{what}: {v}");
        assert!(
            !ja.contains("EOF") && !ja.contains("expected") && !ja.contains("Failed"),
            "{what}: English in {ja}"
        );
        if s != StatusCode::PAYLOAD_TOO_LARGE && s != StatusCode::UNSUPPORTED_MEDIA_TYPE {
            assert!(
                !v["error"]["params"]["detail"].as_str().unwrap().is_empty(),
                "{what}: {v}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_is_a_4xx_with_a_message() {
    let app = server(2, 4);
    let cases: Vec<(Request<axum::body::Body>, StatusCode, &str)> = vec![
        (
            post("/api/parse", "text/plain", "4k4/9 b - 1"),
            StatusCode::BAD_REQUEST,
            "9 ranks",
        ),
        (
            post("/api/parse", "text/plain", "P3k3P/9/9/9/9/9/9/9/4K4 b - 1"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "can never move",
        ),
        (
            post("/api/parse", "text/plain", vec![b'x'; 10 << 20]),
            StatusCode::PAYLOAD_TOO_LARGE,
            "",
        ),
        (
            post("/api/solve", "application/json", "{\"sfen\": "),
            StatusCode::BAD_REQUEST,
            "EOF",
        ),
        (
            post("/api/solve", "application/json", vec![b' '; 10 << 20]),
            StatusCode::PAYLOAD_TOO_LARGE,
            "",
        ),
        (
            post("/api/solve", "text/plain", format!("{{\"sfen\": \"{ONE}\"}}")),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type",
        ),
        (
            post(
                "/api/solve",
                "application/json",
                json!({"sfen": ONE, "settings": {"hashsize": 64}}).to_string(),
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown field `hashsize`",
        ),
        (
            post(
                "/api/solve",
                "application/json",
                json!({"sfen": ONE, "settings": {"threads": 0}}).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "threads 0",
        ),
        (
            post(
                "/api/solve",
                "application/json",
                json!({"sfen": ONE, "settings": {"hash_mb": 99999999}}).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "--max-hash",
        ),
        (
            post(
                "/api/solve",
                "application/json",
                json!({"sfen": ONE, "settings": {"shortest": "fast"}}).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "shortest 'fast'",
        ),
        (
            post("/api/solve", "application/json", json!({"sfen": "4k4/9 b - 1"}).to_string()),
            StatusCode::BAD_REQUEST,
            "bad SFEN",
        ),
        (
            post(
                "/api/check",
                "application/json",
                json!({"sfen": ONE, "line": "G*5b 5a4b"}).to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "move 2 '5a4b'",
        ),
        (
            post(
                "/api/check",
                "application/json",
                json!({"sfen": ONE, "line": "作品名：x\n手数----指手--\n   1 ５二金打\n   2 ５三玉(51)\n"})
                    .to_string(),
            ),
            StatusCode::BAD_REQUEST,
            "line 3: move 1",
        ),
        (
            post("/api/stop/12345", "application/json", ""),
            StatusCode::NOT_FOUND,
            "no search 12345",
        ),
        (
            get("/api/nothing"),
            StatusCode::NOT_FOUND,
            "no such page",
        ),
    ];
    for (req, want, text) in cases {
        let what = format!("{} {}", req.method(), req.uri());
        let (s, v) = call(&app, req).await;
        assert_eq!(s, want, "{what}: {v}");
        assert!(message(&v).contains(text), "{what}: {v}");
        assert!(
            !v["error"]["message_ja"].as_str().unwrap().is_empty(),
            "{what}"
        );
    }
    // The server still answers.
    let (s, _) = call(&app, post("/api/parse", "text/plain", ONE)).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_solve_streams_progress_then_its_answer() {
    let _heavy = HEAVY.lock().await;
    let app = server(2, 4);
    let mut e = Events::open(&app, "/api/solve", solve_body(ONE, json!({}))).await;
    assert_eq!(e.status, StatusCode::OK);
    let (before, a) = e.until("answer", 5 * SECOND).await;
    assert_eq!(before[0].0, "accepted");
    assert_eq!(a["record"]["result"], "mate");
    assert_eq!(a["record"]["length"], 1);
    assert_eq!(a["main"]["steps"][0]["ja"], "▲５二金打");
    assert!(a["kif"]["kifu"]
        .as_str()
        .unwrap()
        .contains("まで1手で先手の勝ち"));

    // A long search: progress at least twice a second, nodes rising.
    let started = Instant::now();
    let mut e = Events::open(
        &app,
        "/api/solve",
        solve_body(LONG, json!({"time_limit": 2.0})),
    )
    .await;
    let (before, a) = e.until("answer", 10 * SECOND).await;
    let took = started.elapsed().as_secs_f64();
    let progress: Vec<&Value> = before
        .iter()
        .filter(|(n, _)| n == "progress")
        .map(|(_, v)| v)
        .collect();
    assert!(
        progress.len() as f64 >= 2.0 * (took - 0.5),
        "{} progress events in {took:.2} s",
        progress.len()
    );
    let nodes: Vec<u64> = progress
        .iter()
        .map(|p| p["nodes"].as_u64().unwrap())
        .collect();
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
    assert!(*nodes.last().unwrap() > 0);
    assert_eq!(progress[0]["stage"], "solve");
    assert!(progress.iter().all(|p| p["elapsed_ms"].as_u64().is_some()));
    assert_eq!(a["record"]["result"], "unknown");
    assert_eq!(a["stopped"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn stop_answers_within_half_a_second_keeping_the_mate_found() {
    let _heavy = HEAVY.lock().await;
    let app = server(2, 4);
    let mut e = Events::open(
        &app,
        "/api/solve",
        solve_body(MUSOU_22, json!({"time_limit": null})),
    )
    .await;
    let (_, accepted) = e.until("accepted", SECOND).await;
    let id = accepted["id"].as_u64().unwrap();
    // Wait until the 33-ply mate is known and a shorter one looked for.
    loop {
        let (_, p) = e.until("progress", 30 * SECOND).await;
        if p["mate_length"].as_u64().is_some() && p["phase"] == "shortening" {
            break;
        }
    }
    let asked = Instant::now();
    stop(&app, id).await;
    let (_, a) = e.until("answer", 5 * SECOND).await;
    let took = asked.elapsed();
    assert!(
        took < Duration::from_millis(500),
        "answered {took:?} after Stop"
    );
    assert_eq!(a["stopped"], true);
    assert_eq!(a["record"]["result"], "mate");
    assert_eq!(a["record"]["length"], 33);
    assert_eq!(a["record"]["proven_shortest"], false);
    assert!(a["report"].is_null(), "no report after a stopped solve");
    assert!(!a["main"]["steps"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_closed_connection_stops_its_search_and_frees_its_place() {
    let _heavy = HEAVY.lock().await;
    let app = server(1, 4);
    let mut a = Events::open(
        &app,
        "/api/solve",
        solve_body(LONG, json!({"time_limit": null})),
    )
    .await;
    a.until("started", SECOND).await;
    a.until("progress", SECOND).await;
    drop(a); // the tab is closed
             // The first search has no limit: the second starts only if it ended.
    let mut b = Events::open(&app, "/api/solve", solve_body(ONE, json!({}))).await;
    let (before, _) = b.until("started", 3 * SECOND).await;
    assert_eq!(before[1].0, "queued", "{before:?}");
    let (_, answer) = b.until("answer", 5 * SECOND).await;
    assert_eq!(answer["record"]["length"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_queue_shows_each_place_and_refuses_past_its_bound() {
    let _heavy = HEAVY.lock().await;
    let app = server(1, 1);
    let mut a = Events::open(
        &app,
        "/api/solve",
        solve_body(LONG, json!({"time_limit": null})),
    )
    .await;
    let (_, accepted) = a.until("accepted", SECOND).await;
    a.until("started", SECOND).await;
    let mut b = Events::open(&app, "/api/solve", solve_body(ONE, json!({}))).await;
    let (_, queued) = b.until("queued", SECOND).await;
    assert_eq!(queued["ahead"], 0);
    let (s, v) = post_json(&app, "/api/solve", solve_body(ONE, json!({}))).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(message(&v).contains("too many searches"));
    let (s, info) = call(&app, get("/api/info")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (info["running"].clone(), info["waiting"].clone()),
        (json!(1), json!(1))
    );
    // Stopping the first lets the second run.
    let id = accepted["id"].as_u64().unwrap();
    stop(&app, id).await;
    let (_, stopped) = a.until("answer", 2 * SECOND).await;
    assert_eq!(stopped["stopped"], true);
    b.until("started", 2 * SECOND).await;
    let (_, answer) = b.until("answer", 5 * SECOND).await;
    assert_eq!(answer["record"]["length"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn check_names_the_cook_and_its_ply_in_any_notation() {
    let _heavy = HEAVY.lock().await;
    let app = server(2, 4);
    let mut e = Events::open(&app, "/api/solve", solve_body(COOKED3, json!({}))).await;
    let (_, solved) = e.until("answer", 10 * SECOND).await;
    let usi: Vec<String> = solved["record"]["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let ja: Vec<String> = solved["main"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["ja"].as_str().unwrap().to_string())
        .collect();
    // The solver's own report lists the cooks; their lines come after.
    let cooks = solved["report"]["cooks"].as_array().unwrap();
    assert!(
        cooks.iter().any(|c| c["ply"] == 1 && c["final"] == false),
        "{cooks:?}"
    );
    let (_, lines) = e.until("lines", 10 * SECOND).await;
    let cook_lines = lines["cooks"].as_array().unwrap();
    assert_eq!(cook_lines.len(), cooks.len());
    for (c, line) in cooks.iter().zip(cook_lines) {
        let steps = line["steps"].as_array().unwrap();
        assert_eq!(steps.len() as u64, c["length"].as_u64().unwrap(), "{c}");
        assert_eq!(steps[0]["usi"], c["usi"]);
        assert_eq!(line["first_ply"], c["ply"]);
    }
    e.until("end", SECOND).await;
    let kifu = solved["kif"]["kifu"].as_str().unwrap().to_string();
    for line in [usi.join(" "), ja.join(" "), kifu] {
        let mut e = Events::open(
            &app,
            "/api/check",
            json!({"sfen": COOKED3, "name": "cooked", "line": line}),
        )
        .await;
        assert_eq!(e.status, StatusCode::OK);
        let (_, a) = e.until("answer", 10 * SECOND).await;
        assert_eq!(a["record"]["verdict"], "cook", "{line}: {a}");
        assert_eq!(a["record"]["ply"], 1);
        assert_eq!(a["fault"]["ply"], 1);
        assert!(a["fault"]["ja"].as_str().unwrap().starts_with('△'));
        assert!(a["record"]["summary"]
            .as_str()
            .unwrap()
            .starts_with("cook at ply 1"));
        assert_eq!(a["author"]["steps"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_table_the_machine_cannot_give_is_an_error_message() {
    let app = tsumi_web::app(tsumi_web::AppState::new(tsumi_web::ServeOptions {
        max_hash_mb: usize::MAX,
        ..tsumi_web::ServeOptions::default()
    }));
    let mut e = Events::open(
        &app,
        "/api/solve",
        solve_body(ONE, json!({"hash_mb": 99999999})),
    )
    .await;
    let (_, err) = e.until("error", 5 * SECOND).await;
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("table of 99999999 MiB"),
        "{err}"
    );
    // The server goes on.
    let mut e = Events::open(&app, "/api/solve", solve_body(ONE, json!({}))).await;
    let (_, a) = e.until("answer", 5 * SECOND).await;
    assert_eq!(a["record"]["length"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_on_this_machine_answers_only_requests_addressed_to_it() {
    let app = server(1, 1);
    let with = |host: Option<&str>, origin: Option<&str>| {
        let mut r = Request::post("/api/parse").header("content-type", "text/plain");
        if let Some(h) = host {
            r = r.header("host", h);
        }
        if let Some(o) = origin {
            r = r.header("origin", o);
        }
        r.body(axum::body::Body::from(ONE)).unwrap()
    };
    // The page's own requests, by any of this machine's names for it.
    for (host, origin) in [
        ("127.0.0.1:8080", None),
        ("localhost:8080", Some("http://localhost:8080")),
        ("[::1]:8080", Some("http://[::1]:8080")),
        ("127.0.0.1:8080", Some("http://127.0.0.1:8080")),
    ] {
        let (s, v) = call(&app, with(Some(host), origin)).await;
        assert_eq!(s, StatusCode::OK, "{host} {origin:?}: {v}");
        assert_eq!(v["sfen"], ONE);
    }
    // A name that resolves here through someone else's DNS (rebinding),
    // another port, another site's page, or no Host at all: 403 with the
    // usual error body, and the request is not served.
    for (host, origin, says) in [
        (Some("evil.example:8080"), None, "not to evil.example:8080"),
        (Some("127.0.0.1:9999"), None, "not to 127.0.0.1:9999"),
        (Some("localhost.evil.example:8080"), None, "127.0.0.1:8080"),
        (
            Some("127.0.0.1:8080"),
            Some("http://evil.example"),
            "not a page from http://evil.example",
        ),
        (Some("127.0.0.1:8080"), Some("null"), "not a page from null"),
        (None, None, "names no host"),
    ] {
        let (s, v) = call(&app, with(host, origin)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{host:?} {origin:?}: {v}");
        assert!(message(&v).contains(says), "{host:?} {origin:?}: {v}");
        assert!(
            !v["error"]["message_ja"].as_str().unwrap().is_empty(),
            "{v}"
        );
        assert_eq!(v["error"]["code"], "forbidden_host", "{v}");
        assert!(v.get("sfen").is_none(), "{v}");
    }
    // The page itself and the searches are guarded alike.
    let page = Request::get("/")
        .header("host", "evil.example:8080")
        .body(axum::body::Body::empty())
        .unwrap();
    assert_eq!(call(&app, page).await.0, StatusCode::FORBIDDEN);
    let solve = Request::post("/api/solve")
        .header("host", "evil.example:8080")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(
            solve_body(ONE, json!({})).to_string(),
        ))
        .unwrap();
    assert_eq!(call(&app, solve).await.0, StatusCode::FORBIDDEN);

    // A server opened to a network (--host 0.0.0.0) answers any host.
    let open = tsumi_web::app(tsumi_web::AppState::new(tsumi_web::ServeOptions {
        host: "0.0.0.0".to_string(),
        ..tsumi_web::ServeOptions::default()
    }));
    let (s, v) = call(
        &open,
        with(
            Some("my-machine.lan:8080"),
            Some("http://my-machine.lan:8080"),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// 将棋無双 38 (Open Tsume, CC0) with the defence of ply 8 replaced by
/// one mated at once (△同　金 instead of △同　桂) and the line cut to
/// that mate: every earlier defence now lasts longer than the author's
/// short continuation, but they are the longest defences; ply 8 is the
/// one at fault.
const MUSOU_38: &str = "2B3l2/5lg2/5p1n1/6k1g/5P2+B/5Sg1N/6N+l1/9/9 b SN2rg2sl16p 1";
const MUSOU_38_SHORT_AT_8: &str = "S*2e 1d2e 4f3e 3f3e N*4f 3e4f 7a3e+ 2e3e 1e2d";

#[tokio::test(flavor = "multi_thread")]
async fn check_names_the_first_defence_that_is_not_the_longest() {
    let _heavy = HEAVY.lock().await;
    let app = server(2, 4);
    let mut e = Events::open(
        &app,
        "/api/check",
        json!({"sfen": MUSOU_38, "name": "将棋無双 第38番", "line": MUSOU_38_SHORT_AT_8}),
    )
    .await;
    assert_eq!(e.status, StatusCode::OK);
    let (_, a) = e.until("answer", 30 * SECOND).await;
    let r = &a["record"];
    assert_eq!(r["verdict"], "longer-defence", "{a}");
    assert_eq!(r["ply"], 8, "{a}");
    assert_eq!(a["fault"]["ply"], 8);
    // The fault is the longest defence there, △同　桂.
    assert_eq!(a["fault"]["usi"], "2c3e");
    let d = &r["short_defence"];
    assert_eq!(
        (&d["ply"], &d["defence"], &d["length"]),
        (&json!(8), &json!("2e3e"), &json!(2))
    );
    assert_eq!(
        (&d["longest"], &d["longest_length"]),
        (&json!("2c3e"), &json!(8))
    );
    assert_eq!(d["breaks_line"], true);
    assert!(
        r["summary"]
            .as_str()
            .unwrap()
            .starts_with("the author's defence is not the longest: at ply 8,"),
        "{r}"
    );
    // The report along the line still lists the earlier defences that
    // outlast the author's continuation (the old verdict's ply 4).
    let longer = a["report"]["longer"].as_array().unwrap();
    assert!(longer.iter().any(|d| d["ply"] == 4), "{longer:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreadable_sfen_comes_with_its_code_for_the_page_to_word() {
    let app = server(1, 1);
    let text = format!("# two problems\n{ONE}\n4k4/9 b - 1\n");
    let (s, v) = call(&app, post("/api/parse", "text/plain", text)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let e = &v["error"];
    assert_eq!(e["code"], "unreadable_sfen", "{v}");
    assert_eq!(
        e["params"],
        json!({"line": 3, "reason": "ranks", "found": 2}),
        "{v}"
    );
    assert!(
        message(&v).contains("line 3") && message(&v).contains("9 ranks"),
        "{v}"
    );
    // The Japanese says it in Japanese, with no English inside.
    assert_eq!(
        e["message_ja"],
        "3行目の SFEN を読めません：盤面が2段です（9段必要です）"
    );
    // A search request's SFEN alike (no line).
    let (s, v) = post_json(
        &app,
        "/api/solve",
        json!({"sfen": "4k4/9/9/9/9/9/9/9/9 x - 1"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"]["code"], "unreadable_sfen");
    assert_eq!(v["error"]["params"]["reason"], "side");
    assert_eq!(v["error"]["params"]["text"], "x");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unreadable_author_line_comes_with_its_code_for_the_page_to_word() {
    let app = server(1, 1);
    let (s, v) = post_json(
        &app,
        "/api/check",
        json!({"sfen": ONE, "line": "G*5b 5a4b"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let e = &v["error"];
    assert_eq!(e["code"], "unreadable_move", "{v}");
    assert_eq!(
        e["params"],
        json!({"n": "2", "text": "5a4b", "reason": "illegal"}),
        "{v}"
    );
    assert_eq!(e["message_ja"], "手順の2手目「5a4b」を読めません");
    let (_, v) = post_json(
        &app,
        "/api/check",
        json!({"sfen": ONE, "line": "▲５二金打 △６三玉"}),
    )
    .await;
    assert_eq!(v["error"]["params"]["reason"], "no_piece", "{v}");
    let (_, v) = post_json(
        &app,
        "/api/check",
        json!({"sfen": ONE, "line": "this is no line"}),
    )
    .await;
    assert_eq!(v["error"]["params"]["reason"], "destination", "{v}");
    let (_, v) = post_json(&app, "/api/check", json!({"sfen": ONE, "line": "  "})).await;
    assert_eq!(v["error"]["code"], "no_moves", "{v}");
    // A record's move, pasted or checked, alike, with the record's line.
    let kif = "作品名：x\n手数----指手--\n   1 ５二金打\n   2 ５三玉(51)\n";
    let (s, v) = call(&app, post("/api/parse", "text/plain", kif)).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"]["code"], "unreadable_move", "{v}");
    // (A record with no board starts from the even game: no gold in hand.)
    assert_eq!(
        v["error"]["params"],
        json!({"line": 3, "n": "1", "text": "５二金打", "reason": "drop"}),
        "{v}"
    );
    assert_eq!(
        v["error"]["message_ja"],
        "3行目：手順の1手目「５二金打」を読めません"
    );
    let (_, v) = post_json(&app, "/api/check", json!({"sfen": ONE, "line": kif})).await;
    assert_eq!(v["error"]["code"], "unreadable_move", "{v}");
    assert_eq!(v["error"]["params"]["line"], 3, "{v}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_diagram_is_svg_of_the_position_or_a_refusal() {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let app = server(2, 4);
    let body = json!({"sfen": ONE, "title": "頭金", "author": "作者", "length": 1});
    let res = app
        .clone()
        .oneshot(post("/api/diagram", "application/json", body.to_string()))
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["content-type"],
        "image/svg+xml; charset=utf-8"
    );
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let svg = String::from_utf8(bytes.to_vec()).unwrap();
    // The renderer's own drawing (tsumi-answer's tests check its parts).
    let pos = tsumi_core::Position::from_sfen(ONE).unwrap();
    let options = tsumi_answer::diagram::DiagramOptions {
        title: Some("頭金".into()),
        author: Some("作者".into()),
        length: Some(1),
    };
    assert_eq!(svg, tsumi_answer::diagram::svg(&pos, &options));
    assert!(svg.contains("data-text=\"持駒 金\""), "{svg}");

    // A position that breaks a rule, an unreadable SFEN, an unknown field,
    // a title too long: refused with a message.
    let (s, v) = post_json(
        &app,
        "/api/diagram",
        json!({"sfen": "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"}),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"]["message_ja"].as_str().unwrap().contains("二歩"));
    let (s, v) = post_json(&app, "/api/diagram", json!({"sfen": "4k4/9 b - 1"})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["error"]["code"], "unreadable_sfen");
    let (s, _) = post_json(&app, "/api/diagram", json!({"sfen": ONE, "colour": 1})).await;
    assert!(s.is_client_error());
    let (s, v) = post_json(
        &app,
        "/api/diagram",
        json!({"sfen": ONE, "title": "題".repeat(201)}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(message(&v).contains("longer than 200"), "{v}");
}

/// The record tree of a KIF with a branch off a branch and comments, as
/// `/api/parse` gives it, sent back to `/api/kif` with a comment edited:
/// the KIF holds every branch and comment, and reads back to the same
/// tree; bad trees are refused.
#[tokio::test(flavor = "multi_thread")]
async fn a_record_tree_goes_to_kif_and_back_with_its_comments() {
    let app = server(2, 4);
    let t = "   ( 0:00/00:00:00)";
    let kif = format!(
        "作品名：木\n手合割：平手\n手数----指手---------消費時間--\n*はじめ\n   1 ７六歩(77){t}\n*一手目\n   2 ３四歩(33){t}+\n   3 ２六歩(27){t}\n\n変化：2手\n   2 ８四歩(83){t}\n*変化の二手目\n   3 ２六歩(27){t}+\n\n変化：3手\n   3 ６六歩(67){t}\n*孫\n"
    );
    let (s, v) = call(&app, post("/api/parse?name=tree.kifu", "text/plain", kif)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let r = &v["record"];
    assert_eq!(r["comment"], "はじめ");
    let first = &r["children"][0];
    assert_eq!(
        (first["usi"].as_str(), first["comment"].as_str()),
        (Some("7g7f"), Some("一手目"))
    );
    let at2 = first["children"].as_array().unwrap();
    assert_eq!(at2.len(), 2, "{r}");
    assert_eq!(at2[1]["usi"], "8c8d");
    assert_eq!(at2[1]["comment"], "変化の二手目");
    let at3 = at2[1]["children"].as_array().unwrap();
    assert_eq!(
        (at3[0]["usi"].as_str(), at3[1]["usi"].as_str()),
        (Some("2g2f"), Some("6g6f"))
    );
    assert_eq!(at3[1]["comment"], "孫");
    assert!(at3[1]["board"]["rows"].is_array());

    // Back as the page sends it, with a comment edited on the branch off
    // the branch.
    fn input(n: &Value) -> Value {
        json!({
            "usi": n["usi"],
            "comment": n["comment"],
            "result": n["result"],
            "children": n["children"].as_array().unwrap().iter().map(input).collect::<Vec<_>>(),
        })
    }
    let mut body = json!({
        "sfen": r["sfen"],
        "name": "木",
        "comment": r["comment"],
        "children": r["children"].as_array().unwrap().iter().map(input).collect::<Vec<_>>(),
    });
    body["children"][0]["children"][1]["children"][1]["comment"] = json!("孫\n書き足し");
    let (s, k) = post_json(&app, "/api/kif", body.clone()).await;
    assert_eq!(s, StatusCode::OK, "{k}");
    let kifu = k["kifu"].as_str().unwrap();
    assert!(kifu.contains("*孫\n*書き足し\n"), "{kifu}");
    assert!(kifu.contains("作品名：木\n"), "{kifu}");
    assert!(k["kif_base64"].is_string());
    let (s, back) = call(
        &app,
        post("/api/parse?name=back.kifu", "text/plain", kifu.to_string()),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{back}");
    let b = &back["record"];
    assert_eq!(b["comment"], "はじめ");
    let g = &b["children"][0]["children"][1]["children"][1];
    assert_eq!(
        (g["usi"].as_str(), g["comment"].as_str()),
        (Some("6g6f"), Some("孫\n書き足し"))
    );
    let mut expected = input(&r["children"][0]);
    expected["children"][1]["children"][1]["comment"] = json!("孫\n書き足し");
    assert_eq!(input(&b["children"][0]), expected);

    // An illegal move, an unreadable one, an unknown field: refused.
    for bad in [
        json!({"sfen": r["sfen"], "children": [{"usi": "7g7e"}]}),
        json!({"sfen": r["sfen"], "children": [{"usi": "x"}]}),
        json!({"sfen": r["sfen"], "children": [], "extra": 1}),
        json!({"sfen": "9/9 b - 1", "children": []}),
    ] {
        let (s, e) = post_json(&app, "/api/kif", bad.clone()).await;
        assert!(s.is_client_error(), "{bad}: {s} {e}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_loaded_kif_keeps_its_headers_through_a_download() {
    let app = server(1, 1);
    let kif = "作品名：一手詰\n作者：試験太郎\n発表誌：詰将棋パラダイス\n発表年月：2026年11月\n備考：見出しの往復\n手数：3\n後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n|・・・・v玉・・・・|一\n|・・・・・・・・・|二\n|・・・・歩・・・・|三\n|・・・・・・・・・|四\n|・・・・・・・・・|五\n|・・・・・・・・・|六\n|・・・・・・・・・|七\n|・・・・・・・・・|八\n|・・・・・・・・・|九\n+---------------------------+\n先手の持駒：金\n手数----指手---------消費時間--\n   1 ５二金打\n   2 詰み\n";
    let (s, v) = call(&app, post("/api/parse?name=h.kifu", "text/plain", kif)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let headers = json!([
        ["作品名", "一手詰"],
        ["作者", "試験太郎"],
        ["発表誌", "詰将棋パラダイス"],
        ["発表年月", "2026年11月"],
        ["備考", "見出しの往復"],
        ["手数", "3"]
    ]);
    assert_eq!(v["headers"], headers, "{v}");
    let r = &v["record"];
    let body = |name: &str, headers: Value| {
        json!({
            "sfen": r["sfen"],
            "name": name,
            "comment": "",
            "children": [{"usi": r["children"][0]["usi"], "comment": "", "result": "詰み", "children": []}],
            "headers": headers,
        })
    };
    // Every header in its order, 手数 as the record's line has it.
    let (s, k) = post_json(&app, "/api/kif", body("一手詰", headers.clone())).await;
    assert_eq!(s, StatusCode::OK, "{k}");
    let kifu = k["kifu"].as_str().unwrap();
    assert!(
        kifu.starts_with("作品名：一手詰\n作者：試験太郎\n発表誌：詰将棋パラダイス\n発表年月：2026年11月\n備考：見出しの往復\n手数：1\n"),
        "{kifu}"
    );
    // The page's fields in place of the record's: another author, no title.
    let mut changed = headers.clone();
    changed[1][1] = json!("別の作者");
    changed.as_array_mut().unwrap().remove(0);
    let (_, k) = post_json(&app, "/api/kif", body("", changed)).await;
    let kifu = k["kifu"].as_str().unwrap();
    assert!(
        kifu.starts_with("作者：別の作者\n発表誌：詰将棋パラダイス\n発表年月：2026年11月\n備考：見出しの往復\n手数：1\n"),
        "{kifu}"
    );
    // Without headers (an answer to a position set up by hand): as before.
    let (_, k) = post_json(&app, "/api/kif", body("一手詰", json!([]))).await;
    assert!(
        k["kifu"]
            .as_str()
            .unwrap()
            .starts_with("作品名：一手詰\n手数：1\n"),
        "{k}"
    );
}
