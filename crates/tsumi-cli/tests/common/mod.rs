//! Helpers shared by the end-to-end tests of the `tsumi` binary.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The `tsumi` binary under test.
pub fn tsumi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tsumi"))
}

/// Runs `tsumi` with `args`: whether it exited with success, its
/// standard output and its standard error.
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = tsumi().args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A path named `name` in this test process's own temporary directory.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tsumi-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// True when `python3` can run `import_line` (`"import cshogi"`). When it
/// cannot, prints that the test is skipped, naming `what` is missing, or
/// fails when TSUMI_REQUIRE_ALL_TESTS=1 (CI, which installs everything).
pub fn python_has(import_line: &str, what: &str) -> bool {
    let ready = Command::new("python3")
        .args(["-c", import_line])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ready {
        assert!(
            std::env::var("TSUMI_REQUIRE_ALL_TESTS").as_deref() != Ok("1"),
            "{what} (TSUMI_REQUIRE_ALL_TESTS=1)"
        );
        eprintln!("skipped: {what}");
    }
    ready
}
