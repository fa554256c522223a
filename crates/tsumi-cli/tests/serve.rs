//! `tsumi serve` against `tsumi solve`: on a sample of the development set
//! and of 将棋無双 (tests/data/serve-sample.tsv), the page's answer holds
//! the very record `tsumi solve --json --report` prints (all but the
//! milliseconds) and the very KIF `--kif` writes; and the `tsumi serve`
//! binary listens, serves its page and warns when it is reachable from
//! other machines.

mod common;

use axum::body::Body;
use axum::http::Request;
use base64::Engine;
use common::{temp_path, tsumi};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;
use tower::ServiceExt;

/// The milliseconds, which no two runs share.
fn without_times(mut v: Value) -> Value {
    for key in ["ms", "first_mate_ms", "proof_ms"] {
        v.as_object_mut().unwrap().remove(key);
    }
    if let Some(r) = v.get_mut("report").and_then(Value::as_object_mut) {
        r.remove("ms");
    }
    v
}

/// The `answer` event of a search's event stream, read to its end, and its
/// `lines` event if it sent one.
async fn answer_and_lines(
    app: &axum::Router,
    uri: &str,
    body: Value,
) -> (Value, Option<Value>, Option<Value>) {
    let req = Request::post(uri)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    let event = |name: &str| -> Option<Value> {
        let block = text
            .split("\n\n")
            .find(|b| b.starts_with(&format!("event: {name}\n")))?;
        let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
        Some(serde_json::from_str(data).unwrap())
    };
    let answer = event("answer").unwrap_or_else(|| panic!("no answer in {text}"));
    (answer, event("lines"), event("record"))
}

/// The record without its report's lines (`"line"` of each cook and
/// longer defence), which the page sends after the answer.
fn without_lines(mut v: Value) -> (Value, Value) {
    let mut lines = json!({});
    if let Some(r) = v.get_mut("report").and_then(Value::as_object_mut) {
        for key in ["cooks", "longer_defences"] {
            let mut taken = Vec::new();
            for item in r[key].as_array_mut().unwrap() {
                taken.push(
                    item.as_object_mut()
                        .unwrap()
                        .remove("line")
                        .unwrap_or(Value::Null),
                );
            }
            lines[key] = Value::Array(taken);
        }
    }
    (v, lines)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_answers_as_tsumi_solve_does() {
    let app = tsumi_web::app(tsumi_web::AppState::new(tsumi_web::ServeOptions::default()));
    let sample = include_str!("data/serve-sample.tsv");
    let mut compared = 0;
    let mut lines_compared = 0;
    let mut branched = 0;
    for row in sample.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = row.split('\t').collect();
        let (sfen, length, name, rule) = (f[0], f[1], f[2], f[3]);
        let kif = temp_path(&format!("{name}.kifu"));
        let sjis = temp_path(&format!("{name}.kif"));
        let mut cli = Vec::new();
        for path in [&kif, &sjis] {
            let out = tsumi()
                .args(["solve", "--json", "--report", "--sfen", sfen])
                .args(["--interpositions", rule, "--time-limit", "60", "--kif"])
                .arg(path)
                .output()
                .unwrap();
            assert!(out.status.success(), "{name}: {out:?}");
            cli = String::from_utf8(out.stdout).unwrap().into_bytes();
        }
        let cli: Value = serde_json::from_slice(&cli).unwrap();
        // The CLI names a --sfen problem "--sfen": the page sends that name.
        let (web, web_lines, web_record) = answer_and_lines(
            &app,
            "/api/solve",
            json!({"sfen": sfen, "name": "--sfen", "settings": {"interpositions": rule}}),
        )
        .await;
        let (cli_record, cli_lines) = without_lines(cli.clone());
        assert_eq!(
            without_times(web["record"].clone()),
            without_times(cli_record),
            "{name}"
        );
        // The lines of the cooks and longer defences: the CLI's record
        // holds them, the page's lines event sends the same (built by
        // tsumi_answer::variation_lines in both).
        if let Some(web_lines) = web_lines {
            for (key, web_key) in [("cooks", "cooks"), ("longer_defences", "longer")] {
                let page: Vec<Value> = web_lines[web_key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| match l["steps"].as_array() {
                        Some(steps) => {
                            Value::Array(steps.iter().map(|s| s["usi"].clone()).collect())
                        }
                        None => Value::Null,
                    })
                    .collect();
                assert_eq!(Value::Array(page), cli_lines[key], "{name}: {key}");
                lines_compared += cli_lines[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|l| !l.is_null())
                    .count();
            }
        }
        // The development set's lengths are proven: the answer has them.
        // (将棋無双's published lengths are not all the shortest mate.)
        if rule == "count" {
            assert_eq!(cli["length"].to_string(), length, "{name}");
        }
        assert_eq!(web_record.is_some(), kif.exists(), "{name}");
        if kif.exists() {
            // The answer as one record (the `record` event, after the
            // report's lines): the page titles it with the name it was
            // sent; the CLI gives a --sfen problem no title. Apart from
            // that line the records are the same, byte for byte.
            let title = "作品名：--sfen\n";
            let record = web_record.unwrap_or_else(|| panic!("{name}: no record event"));
            let kifu = record["kif"]["kifu"].as_str().unwrap();
            assert_eq!(
                kifu.strip_prefix(title),
                Some(std::fs::read_to_string(&kif).unwrap().as_str()),
                "{name}"
            );
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(record["kif"]["kif_base64"].as_str().unwrap())
                .unwrap();
            let (first, rest) = bytes.split_at(bytes.iter().position(|&b| b == b'\n').unwrap() + 1);
            let (first, _) = tsumi_notation::text_encoding::decode_text(first, false).unwrap();
            assert_eq!(first, title, "{name}");
            assert_eq!(rest, std::fs::read(&sjis).unwrap(), "{name}");
            // The tree's main line is the answer's line (for a no-mate,
            // the first check and its refutation).
            let first_move = &record["record"]["children"][0]["usi"];
            if cli["result"] == "mate" {
                assert_eq!(first_move, &cli["pv"][0], "{name}");
                branched += usize::from(kifu.contains("\n変化："));
            } else {
                assert_eq!(
                    first_move, &cli["report"]["refutations"][0]["check"],
                    "{name}"
                );
            }
        }
        if cli["result"] == "mate" {
            // The line on the page is the record's line, in Japanese.
            let steps = web["main"]["steps"].as_array().unwrap();
            assert_eq!(steps.len(), cli["pv"].as_array().unwrap().len());
            assert!(steps.iter().all(|s| !s["ja"].as_str().unwrap().is_empty()));
        } else if cli["result"] == "unknown" {
            assert!(web["kif"].is_null());
        }
        compared += 1;
    }
    assert_eq!(compared, 20);
    assert!(branched > 0, "no record had a branch");
    assert!(lines_compared > 0, "no cook or longer defence had a line");
}

/// A `tsumi serve` process, ended when dropped (a failed test too).
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `tsumi serve` with `args`: its process and the address it
/// printed.
fn start(args: &[&str]) -> (Server, String) {
    let mut child = tsumi()
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Server(child), url)
}

/// `GET path` from the server at `url` (`http://host:port/`): the status
/// line and the body.
fn get(url: &str, path: &str) -> (String, String) {
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    get_as(url, path, host)
}

/// `GET path` from the server at `url`, sent with `Host: host`.
fn get_as(url: &str, path: &str, host: &str) -> (String, String) {
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = std::net::TcpStream::connect(address).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[test]
fn tsumi_serve_listens_on_this_machine_and_serves_the_page() {
    let (_server, url) = start(&["--port", "0"]);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let (status, body) = get(&url, "/");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains("<script type=\"module\" src=\"/app.js\""),
        "{body}"
    );
    // The entry module and a module it imports.
    let (status, body) = get(&url, "/app.js");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("from './words.js'"), "{body}");
    let (status, _) = get(&url, "/words.js");
    assert!(status.contains("200"), "{status}");
    let (status, body) = get(&url, "/api/info");
    assert!(
        status.contains("200") && body.contains("\"max_searches\""),
        "{body}"
    );
    // Its port is the one it got (port 0): localhost by that port is
    // answered, another name for the machine (DNS rebinding) is not.
    let port = url.trim_end_matches('/').rsplit(':').next().unwrap();
    let (status, _) = get_as(&url, "/api/info", &format!("localhost:{port}"));
    assert!(status.contains("200"), "{status}");
    let (status, body) = get_as(&url, "/", &format!("rebound.example:{port}"));
    assert!(status.contains("403"), "{status}");
    assert!(body.contains("\"code\":\"forbidden_host\""), "{body}");
}

#[test]
fn tsumi_serve_warns_when_other_machines_can_reach_it() {
    let mut server = Server(
        tsumi()
            .args(["serve", "--port", "0", "--host", "0.0.0.0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    BufReader::new(server.0.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(
        line.contains("warning: the page is reachable from other machines"),
        "{line}"
    );
    drop(server);
    // A port that cannot be had is an error, not a panic.
    let out = tsumi()
        .args(["serve", "--host", "no-such-host.invalid", "--port", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("tsumi serve: cannot listen on no-such-host.invalid"));
}
