//! `tsumi.Position` and `tsumi.MoveList`: a position with USI (and
//! Japanese) moves in and out.

use crate::convert::{color_arg, hand_dict, notation_err, square_arg};
use crate::notation;
use crate::solve::mate_move;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use tsumi_answer::diagram;
use tsumi_core::{perft, GenKind, Move, MoveList as CoreMoves, Position as CorePosition};

/// A shogi position: board, hands, side to move, and the moves played on
/// it with `push` (which `pop` takes back).
///
/// `Position()` is the start position; `Position(sfen)` reads an SFEN
/// (an optional leading `sfen ` is accepted, and `startpos`). Moves are USI
/// strings (`7g7f`, `P*5e`, `8h2b+`); `push` also accepts Japanese move
/// text (`▲７六歩`, `同　角成`).
#[pyclass(name = "Position", module = "tsumi")]
#[derive(Clone)]
pub struct PyPosition {
    pub(crate) pos: CorePosition,
}

impl PyPosition {
    pub(crate) fn new(pos: CorePosition) -> PyPosition {
        PyPosition { pos }
    }

    /// Reads an SFEN (or `startpos`, or `sfen <SFEN>`).
    pub(crate) fn parse_sfen(text: &str) -> PyResult<CorePosition> {
        let t = text.trim();
        let t = t.strip_prefix("sfen ").unwrap_or(t).trim();
        if t == "startpos" {
            return Ok(CorePosition::startpos());
        }
        CorePosition::from_sfen(t).map_err(|e| PyValueError::new_err(format!("bad SFEN: {e}")))
    }

    /// The destination of the last move pushed, for Japanese `同`.
    fn prev_to(&self) -> Option<tsumi_core::Square> {
        self.pos.moves_played().last().map(|m| m.to())
    }

    /// Reads a move given as USI or Japanese text and checks that it is
    /// legal here.
    pub(crate) fn parse_move(&self, text: &str) -> PyResult<Move> {
        if let Some(m) = Move::from_usi(text.trim()) {
            return if self.pos.is_legal(m) {
                Ok(m)
            } else {
                Err(PyValueError::new_err(format!(
                    "illegal move '{}' in {}",
                    text.trim(),
                    self.pos.to_sfen()
                )))
            };
        }
        if text.is_ascii() {
            return Err(PyValueError::new_err(format!(
                "'{}' is not a USI move (such as 7g7f, P*5e or 8h2b+) nor Japanese move text",
                text.trim()
            )));
        }
        notation::parse_japanese(&self.pos, text, self.prev_to()).map_err(notation_err)
    }

    fn from_record(
        parsed: Result<(CorePosition, Vec<Move>), tsumi_notation::NotationError>,
        play_moves: bool,
    ) -> PyResult<PyPosition> {
        let (mut pos, moves) = parsed.map_err(notation_err)?;
        if play_moves {
            for m in moves {
                if !pos.is_legal(m) {
                    return Err(PyValueError::new_err(format!(
                        "the record's move {} is not legal in {}",
                        m.to_usi(),
                        pos.to_sfen()
                    )));
                }
                pos.do_move(m);
            }
        }
        Ok(PyPosition::new(pos))
    }
}

/// Text or bytes from Python, as bytes for the record readers.
fn text_bytes(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(s) = obj.extract::<String>() {
        return Ok(s.into_bytes());
    }
    Err(PyValueError::new_err("expected the record as str or bytes"))
}

fn usi_list(moves: &CoreMoves) -> MoveList {
    MoveList {
        moves: moves.iter().copied().collect(),
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (sfen=None))]
    fn py_new(sfen: Option<&str>) -> PyResult<PyPosition> {
        Ok(PyPosition::new(match sfen {
            None => CorePosition::startpos(),
            Some(s) => PyPosition::parse_sfen(s)?,
        }))
    }

    /// Reads a KIF/KIFU record (str, or bytes in UTF-8 or Shift_JIS) and
    /// returns its start position; with `play_moves=True` the record's
    /// moves are pushed (so `pop` takes them back). A board diagram with
    /// no `後手の持駒` line and no 先手 king gives 後手 every remaining
    /// piece, as tsume problems mean.
    #[staticmethod]
    #[pyo3(signature = (text, *, play_moves=false))]
    fn from_kif(text: &Bound<'_, PyAny>, play_moves: bool) -> PyResult<PyPosition> {
        PyPosition::from_record(notation::kif_record(&text_bytes(text)?), play_moves)
    }

    /// Reads the first record of CSA text (str or bytes) and returns its
    /// start position; with `play_moves=True` its moves are pushed.
    #[staticmethod]
    #[pyo3(signature = (text, *, play_moves=false))]
    fn from_csa(text: &Bound<'_, PyAny>, play_moves: bool) -> PyResult<PyPosition> {
        PyPosition::from_record(notation::csa_record(&text_bytes(text)?), play_moves)
    }

    /// The position as SFEN.
    fn sfen(&self) -> String {
        self.pos.to_sfen()
    }

    /// The side to move: `tsumi.BLACK` (0, 先手) or `tsumi.WHITE` (1, 後手).
    #[getter]
    fn turn(&self) -> u8 {
        self.pos.side_to_move().index() as u8
    }

    /// The move number as SFEN writes it (1 for the first move).
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// The pieces in `color`'s hand as `{"R": 1, "P": 3, ...}` (upper-case
    /// USI letters, only kinds held).
    fn hand<'py>(&self, py: Python<'py>, color: i64) -> PyResult<Bound<'py, PyDict>> {
        hand_dict(py, self.pos.hand(color_arg(color)?))
    }

    /// The piece on `square` as an SFEN letter (`"P"`, `"+r"`, `"k"`; upper
    /// case for Black) or `None` for an empty square. `square` is a USI
    /// name (`"5e"`) or an index `file * 9 + rank` from 0 (`1a`) to 80
    /// (`9i`), as cshogi numbers squares.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        Ok(self.pos.piece_at(square_arg(square)?).map(|p| p.to_sfen()))
    }

    /// Every legal move (optional non-promotions included, pawn-drop mate
    /// excluded).
    fn legal_moves(&self) -> MoveList {
        let mut list = CoreMoves::new();
        self.pos.generate(GenKind::All, &mut list);
        usi_list(&list)
    }

    /// Every legal move that gives check.
    fn checks(&self) -> MoveList {
        let mut list = CoreMoves::new();
        self.pos.generate_checks(&mut list);
        usi_list(&list)
    }

    /// The legal answers to the check the side to move is in. When it is
    /// not in check, every legal move.
    fn evasions(&self) -> MoveList {
        let mut list = CoreMoves::new();
        self.pos.generate_evasions(&mut list);
        usi_list(&list)
    }

    /// Plays a legal move given in USI (`7g7f`) or Japanese (`▲７六歩`);
    /// `ValueError` if it is malformed or illegal here.
    #[pyo3(name = "push")]
    fn push_move(&mut self, r#move: &str) -> PyResult<()> {
        let m = self.parse_move(r#move)?;
        self.pos.do_move(m);
        Ok(())
    }

    /// Takes back the last move pushed and returns it (USI); `IndexError`
    /// when nothing was pushed.
    fn pop(&mut self) -> PyResult<String> {
        self.pos
            .undo_move()
            .map(|m| m.to_usi())
            .ok_or_else(|| PyIndexError::new_err("pop from a position with no move pushed"))
    }

    /// The moves pushed so far, in USI.
    fn moves(&self) -> Vec<String> {
        self.pos.moves_played().map(|m| m.to_usi()).collect()
    }

    /// Reads a move (USI or Japanese text), checks that it is legal here
    /// and returns it in USI.
    fn parse_move_text(&self, text: &str) -> PyResult<String> {
        Ok(self.parse_move(text)?.to_usi())
    }

    /// A legal move (USI or Japanese) written in Japanese, `▲７六歩`
    /// (`同` when it recaptures on the last pushed move's square).
    fn move_to_japanese(&self, r#move: &str) -> PyResult<String> {
        let m = self.parse_move(r#move)?;
        Ok(notation::japanese_move(&self.pos, m, self.prev_to()))
    }

    /// True if the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.in_check()
    }

    /// True if the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// True if the legal move `move` gives check; `ValueError` for a move
    /// that is not legal here.
    fn gives_check(&self, r#move: &str) -> PyResult<bool> {
        let m = self.parse_move(r#move)?;
        Ok(self.pos.gives_check(m))
    }

    /// The number of leaves of the legal-move tree `depth` plies deep
    /// (published perft convention). Runs without the GIL; it has no stop
    /// flag, so Ctrl-C is seen only when it returns.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let mut pos = self.pos.clone();
        py.detach(move || perft::perft(&mut pos, depth))
    }

    /// The 64-bit Zobrist key of board, hands and side to move.
    fn zobrist_hash(&self) -> u64 {
        self.pos.key()
    }

    /// The first move of a mate of at most `max_ply` plies, in USI (the
    /// first mate the search finds, not necessarily the shortest), or
    /// `None` when the search finds none within `max_ply` plies or `nodes`
    /// nodes. Meant for the short bounded searches at the leaves of
    /// a game-tree search: the side to move attacks with checks only,
    /// every legal interposition counts (as in cshogi's `DfPn`), and the
    /// searching table (one per thread) is kept between calls. Runs
    /// without the GIL, but for the first search for a mate in one or
    /// three (at most 2,000 positions); `nodes=None` lifts the node limit;
    /// Ctrl-C stops it.
    #[pyo3(signature = (max_ply, *, nodes=Some(1_000_000)), text_signature = "(self, max_ply, *, nodes=1000000)")]
    fn mate_move(
        &self,
        py: Python<'_>,
        max_ply: u32,
        nodes: Option<u64>,
    ) -> PyResult<Option<String>> {
        mate_move(py, &self.pos, max_ply, nodes)
    }

    /// A copy (without the pushed-move history shared: both can go on
    /// independently).
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    /// Same board, hands, side to move and move number. (A position
    /// changes with `push`, so it is not hashable; `zobrist_hash()` gives
    /// its current key.)
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<PyPosition>() {
            Ok(o) => o.borrow().pos == self.pos,
            Err(_) => false,
        }
    }

    fn __repr__(&self) -> String {
        format!("tsumi.Position('{}')", self.pos.to_sfen())
    }

    fn __str__(&self) -> String {
        self.pos.diagram()
    }

    /// The problem's diagram (図面) as SVG, for Jupyter: the renderer of
    /// `tsumi diagram` and the page (tsumi-answer's `diagram`).
    fn _repr_svg_(&self) -> String {
        diagram::svg(&self.pos, &diagram::DiagramOptions::default())
    }

    /// The problem's diagram (図面) as SVG, with an optional title, author
    /// and length (`N手詰`) written around it.
    #[pyo3(signature = (title=None, author=None, length=None))]
    fn diagram_svg(
        &self,
        title: Option<String>,
        author: Option<String>,
        length: Option<u32>,
    ) -> String {
        diagram::svg(
            &self.pos,
            &diagram::DiagramOptions {
                title,
                author,
                length,
            },
        )
    }
}

/// Moves as a read-only sequence of USI strings; `len()` costs nothing
/// and the strings are made only when items are read.
#[pyclass(name = "MoveList", module = "tsumi", frozen, sequence)]
pub struct MoveList {
    moves: Vec<Move>,
}

#[pymethods]
impl MoveList {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<String> {
        let n = self.moves.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(PyIndexError::new_err("move index out of range"));
        }
        Ok(self.moves[i as usize].to_usi())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        item.extract::<String>()
            .ok()
            .and_then(|text| Move::from_usi(&text))
            .is_some_and(|m| self.moves.contains(&m))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::new(py, self.moves.iter().map(|m| m.to_usi()))?;
        list.try_iter().map(|it| it.into_any())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(o) = other.cast::<MoveList>() {
            return o.get().moves == self.moves;
        }
        match other.extract::<Vec<String>>() {
            Ok(v) => {
                v.len() == self.moves.len()
                    && v.iter().zip(&self.moves).all(|(s, m)| *s == m.to_usi())
            }
            Err(_) => false,
        }
    }

    fn __repr__(&self) -> String {
        let v: Vec<String> = self
            .moves
            .iter()
            .map(|m| format!("'{}'", m.to_usi()))
            .collect();
        format!("tsumi.MoveList([{}])", v.join(", "))
    }
}
