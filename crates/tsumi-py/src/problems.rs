//! `tsumi.read_problems` and `tsumi.Problem`.

use crate::convert::notation_err;
use crate::notation;
use crate::position::PyPosition;
use pyo3::prelude::*;

/// A branch of a KIF record (変化), with the branches off it.
#[pyclass(name = "Branch", module = "tsumi", frozen)]
#[derive(Clone)]
pub struct PyBranch {
    /// The move number it replaces (1-based, from the start).
    #[pyo3(get)]
    ply: usize,
    /// Its moves in USI, the first numbered `ply`.
    #[pyo3(get)]
    moves: Vec<String>,
    /// Comments on its moves: `(move number, text)`.
    #[pyo3(get)]
    comments: Vec<(usize, String)>,
    /// The word that ends it (`詰み`), if any.
    #[pyo3(get)]
    result: Option<String>,
    /// The branches off it.
    #[pyo3(get)]
    branches: Vec<PyBranch>,
}

impl PyBranch {
    fn of(b: &tsumi_notation::record_tree::Branch) -> PyBranch {
        PyBranch {
            ply: b.ply,
            moves: b.moves.iter().map(|m| m.to_usi()).collect(),
            comments: b.comments.clone(),
            result: b.result.clone(),
            branches: b.branches.iter().map(PyBranch::of).collect(),
        }
    }
}

#[pymethods]
impl PyBranch {
    fn __repr__(&self) -> String {
        format!(
            "Branch(ply={}, moves={:?}, {} comment(s), {} branch(es))",
            self.ply,
            self.moves,
            self.comments.len(),
            self.branches.len()
        )
    }
}

/// One problem read from a file.
#[pyclass(name = "Problem", module = "tsumi", frozen)]
pub struct PyProblem {
    /// The name: the text after a TAB on an SFEN line, the KIF 作品名 (or
    /// 表題), the CSA `$EVENT`; else `file:line`.
    #[pyo3(get)]
    pub(crate) name: String,
    pub(crate) position: PyPosition,
    /// The moves the file gives (a KIF or CSA record's moves) in USI,
    /// possibly empty; not checked to be a mate.
    #[pyo3(get)]
    solution: Vec<String>,
    /// A KIF record's branches off `solution` (変化): `(move number it
    /// replaces, moves in USI)`, as `write_kif` takes them.
    #[pyo3(get)]
    variations: Vec<(usize, Vec<String>)>,
    /// The same branches as a tree: each a `Branch` with the branches off
    /// it and its comments.
    #[pyo3(get)]
    branches: Vec<PyBranch>,
    /// A KIF record's comments on `solution`: `(moves played before the
    /// comment, text)`, 0 for the start.
    #[pyo3(get)]
    comments: Vec<(usize, String)>,
    /// The file the problem came from.
    #[pyo3(get)]
    file: String,
    /// The 1-based line where it starts.
    #[pyo3(get)]
    line: usize,
    /// The published length in plies when the file gives one (a TSV
    /// `sfen<TAB>length<TAB>name` line, a KIF `手数`), else `None`.
    #[pyo3(get)]
    pub(crate) length: Option<u32>,
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
            variations: p
                .variations
                .iter()
                .map(|(ply, moves)| (*ply, moves.iter().map(|m| m.to_usi()).collect()))
                .collect(),
            branches: p.branches.iter().map(PyBranch::of).collect(),
            comments: p.comments.clone(),
            file: p.source.file,
            line: p.source.line,
            length: p.length,
        })
        .collect())
}

/// Writes a KIF record: `moves` (USI strings) from `position` (a
/// `tsumi.Position` or an SFEN) to `path`, Shift_JIS for `.kif` and UTF-8
/// for `.kifu`, with `作品名` from `title`, `手数`, and `variations`, a list
/// of `(ply, moves)` branches (変化) replacing main-line move `ply`
/// (1-based). With `mate` (the default) the main line ends with `詰み` and
/// a `まで…` line. `ValueError` for an illegal move or a bad extension.
#[pyfunction]
#[pyo3(signature = (path, position, moves, *, variations=None, title=None, mate=true))]
pub fn write_kif(
    path: std::path::PathBuf,
    position: &Bound<'_, PyAny>,
    moves: Vec<String>,
    variations: Option<Vec<(usize, Vec<String>)>>,
    title: Option<String>,
    mate: bool,
) -> PyResult<()> {
    let pos = crate::solve::position_arg(position)?;
    notation::write_kif(
        &path,
        &pos,
        &moves,
        &variations.unwrap_or_default(),
        title.as_deref(),
        mate,
    )
    .map_err(notation_err)
}
