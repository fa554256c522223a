//! The workbench page in a real browser: starts `tsumi serve` and runs
//! crates/tsumi-web/tests/browser/page_test.py, which drives Debian's
//! chromium with Playwright as a composer would use the page (see the
//! script for the steps and the two timings it asserts), and
//! collection_test.py, which checks a collection of 20 works and exports
//! its table (a server and a browser of its own, run beside the first).
//!
//! Needs Debian's `chromium` and `fonts-noto-cjk` (apt-get install chromium
//! fonts-noto-cjk) and `python3` with `playwright` and `cshogi` (pip install
//! playwright cshogi; no browser download: the script launches
//! /usr/bin/chromium). Without them the test is skipped with a message,
//! unless TSUMI_REQUIRE_ALL_TESTS=1 (as in .ci/run), when it fails.
//! Screenshots go to $TSUMI_SCREENSHOTS (docs/img to refresh the ones in
//! the docs; a relative directory is the workspace's), else to a temporary
//! directory.

mod common;

use common::tsumi;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What the test lacks, if anything.
fn missing() -> Vec<&'static str> {
    let mut lack = Vec::new();
    if !std::path::Path::new("/usr/bin/chromium").exists() {
        lack.push("Debian's chromium (apt-get install chromium)");
    }
    let fonts = Command::new("fc-list")
        .arg(":lang=ja")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).contains("Noto Sans CJK"))
        .unwrap_or(false);
    if !fonts {
        lack.push("a Japanese font (apt-get install fonts-noto-cjk)");
    }
    let python = Command::new("python3")
        .args(["-c", "import playwright.sync_api, cshogi"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !python {
        lack.push("python3 with playwright and cshogi (pip install playwright cshogi)");
    }
    lack
}

/// `tsumi serve`, ended when dropped.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_page_works_as_a_composer_uses_it() {
    run_script("page_test.py", "page test: all steps passed");
}

#[test]
fn a_collection_is_checked_and_exported_as_an_editor_does() {
    run_script("collection_test.py", "collection test: all steps passed");
}

/// Starts `tsumi serve` and runs `script` (in tsumi-web/tests/browser)
/// on it, which prints `passed` when every step passed.
fn run_script(script: &str, passed: &str) {
    let lack = missing();
    if !lack.is_empty() {
        let message = format!("the browser test needs {}", lack.join(", "));
        if std::env::var("TSUMI_REQUIRE_ALL_TESTS").as_deref() == Ok("1") {
            panic!("{message} (TSUMI_REQUIRE_ALL_TESTS=1)");
        }
        eprintln!("skipped: {message}");
        return;
    }
    let mut child = tsumi()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    // A relative directory is the workspace's (docs/img), not the crate's,
    // where cargo runs the test.
    let shots = match std::env::var_os("TSUMI_SCREENSHOTS") {
        Some(dir) => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(dir),
        None => std::env::temp_dir().join(format!("tsumi-page-test-{}", std::process::id())),
    };
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tsumi-web/tests/browser")
        .join(script);
    let out = Command::new("python3")
        .arg(&script)
        .arg(&url)
        .arg(env!("CARGO_BIN_EXE_tsumi"))
        .arg(&shots)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(passed), "{stdout}");
}
