//! Helpers shared by the end-to-end tests of the `tsumi` binary.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

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
