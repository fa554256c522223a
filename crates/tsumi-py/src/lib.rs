//! Python bindings for tsumi: `import tsumi`.
//!
//! Conversion only: positions and move generation from `tsumi-core`, the
//! solver from `tsumi-mate`, records and Japanese move text from
//! `tsumi-notation` (all through [`notation`]). The Python package (`python/tsumi`) re-exports this
//! extension module (`tsumi._tsumi`) and carries the type stubs. Built by
//! maturin (`pip install ./crates/tsumi-py`); tested from Python
//! (`crates/tsumi-py/tests`).

#![warn(missing_docs)]

mod convert;
mod notation;
mod position;
mod problems;
mod report;
mod solution;
mod solve;
mod solver_stack;

use pyo3::prelude::*;

/// The extension module `tsumi._tsumi`.
#[pymodule]
fn _tsumi(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<position::MoveList>()?;
    m.add_class::<solution::PySolution>()?;
    m.add_class::<solve::PySolver>()?;
    m.add_class::<problems::PyProblem>()?;
    m.add_class::<problems::PyBranch>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(problems::read_problems, m)?)?;
    m.add_function(wrap_pyfunction!(problems::write_kif, m)?)?;
    m.add("BLACK", 0)?;
    m.add("WHITE", 1)?;
    m.add("DEFAULT_HASH_MB", tsumi_mate::DEFAULT_HASH_MB)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
