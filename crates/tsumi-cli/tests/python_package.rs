//! The Python package's pytest suite (`crates/tsumi-py/tests`: against
//! cshogi, `tsumi.batch` on local processes and a local Ray cluster,
//! results files shared with this build's `tsumi`), run by `cargo test`
//! with the `python3` on PATH. That Python needs the package built from
//! this checkout and its test extras: `pip install "./crates/tsumi-py[test]"`
//! (`.ci/run` does so in a fresh virtual environment). Without them the
//! test is skipped with a message, unless TSUMI_REQUIRE_ALL_TESTS=1.

mod common;

use std::process::Command;

#[test]
fn the_python_package_passes_its_tests() {
    if !common::python_has(
        "import tsumi.batch, pytest, cshogi",
        "python3 with tsumi (built from this checkout), pytest and cshogi is not available \
         (pip install \"./crates/tsumi-py[test]\")",
    ) {
        return;
    }
    let out = Command::new("python3")
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "crates/tsumi-py/tests",
        ])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .env("TSUMI_BIN", env!("CARGO_BIN_EXE_tsumi"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}");
    assert!(
        out.status.success(),
        "pytest failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
