//! `tsumi.read_problems` and `tsumi.Problem`.

use crate::convert::notation_err;
use crate::notation;
use crate::position::PyPosition;
use pyo3::prelude::*;

/// One problem read from a file.
#[pyclass(name = "Problem", module = "tsumi", frozen)]
pub struct PyProblem {
    /// The name: the text after a TAB on an SFEN line, the KIF 作品名 (or
    /// 表題), the CSA `$EVENT`; else `file:line`.
    #[pyo3(get)]
    name: String,
    position: PyPosition,
    /// The moves the file gives (a KIF or CSA record's moves) in USI,
    /// possibly empty; not checked to be a mate.
    #[pyo3(get)]
    solution: Vec<String>,
    /// The file the problem came from.
    #[pyo3(get)]
    file: String,
    /// The 1-based line where it starts.
    #[pyo3(get)]
    line: usize,
}

#[pymethods]
impl PyProblem {
    /// The position to solve (a fresh copy on each access).
    #[getter]
    fn position(&self) -> PyPosition {
        self.position.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "tsumi.Problem(name={:?}, sfen='{}')",
            self.name,
            self.position.pos.to_sfen()
        )
    }
}

/// Reads a problem file: SFEN lines (an optional name after a TAB, `#`
/// comments, `position ... moves ...` accepted), KIF/KIFU (UTF-8 or
/// Shift_JIS; one problem per file) or CSA (one problem per record). The
/// format is chosen by extension, else by content. `OSError` if the file
/// cannot be read, `ValueError` with the file and line if it cannot be
/// parsed.
#[pyfunction]
pub fn read_problems(path: std::path::PathBuf) -> PyResult<Vec<PyProblem>> {
    let bytes = std::fs::read(&path)?;
    let name = path.display().to_string();
    let problems = notation::problems(&bytes, &name).map_err(notation_err)?;
    Ok(problems
        .into_iter()
        .map(|p| PyProblem {
            name: p.name,
            position: PyPosition::new(p.position),
            solution: p.solution.iter().map(|m| m.to_usi()).collect(),
            file: p.source.file,
            line: p.source.line,
        })
        .collect())
}
