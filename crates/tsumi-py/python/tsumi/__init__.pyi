"""Type stubs for tsumi (the extension module tsumi._tsumi)."""

from os import PathLike
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union, final

__all__ = [
    "BLACK",
    "DEFAULT_HASH_MB",
    "WHITE",
    "MoveList",
    "Position",
    "Problem",
    "Solution",
    "Solver",
    "__version__",
    "read_problems",
    "solve",
]

__version__: str
BLACK: int
"""先手, the side that moves first (0)."""
WHITE: int
"""後手 (1)."""
DEFAULT_HASH_MB: int
"""The table size in MiB that solvers get when ``hash_mb`` is not given."""

@final
class MoveList:
    """Moves as a read-only sequence of USI strings."""

    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> str: ...
    def __iter__(self) -> Iterator[str]: ...
    def __contains__(self, move: object, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Position:
    """A shogi position with the moves pushed on it.

    ``Position()`` is the start position; ``Position(sfen)`` reads an SFEN
    (``sfen `` prefix and ``startpos`` accepted). ``ValueError`` on bad input.
    """

    def __new__(cls, sfen: Optional[str] = None) -> Position: ...
    @staticmethod
    def from_kif(text: Union[str, bytes], *, play_moves: bool = False) -> Position:
        """Start position of a KIF/KIFU record (bytes: UTF-8 or Shift_JIS);
        with ``play_moves`` the record's moves are pushed."""
    @staticmethod
    def from_csa(text: Union[str, bytes], *, play_moves: bool = False) -> Position:
        """Start position of the first CSA record; with ``play_moves`` its
        moves are pushed."""
    def sfen(self) -> str: ...
    @property
    def turn(self) -> int:
        """``BLACK`` (0) or ``WHITE`` (1)."""
    @property
    def ply(self) -> int:
        """The move number as SFEN writes it (1 for the first move)."""
    def hand(self, color: int) -> Dict[str, int]:
        """Pieces in hand, e.g. ``{"R": 1, "P": 3}`` (kinds held only)."""
    def piece_at(self, square: Union[int, str]) -> Optional[str]:
        """SFEN letter of the piece on ``square`` (``"5e"`` or ``file*9+rank``),
        upper case for Black; ``None`` if empty."""
    def legal_moves(self) -> MoveList: ...
    def checks(self) -> MoveList:
        """Every legal move that gives check."""
    def evasions(self) -> MoveList:
        """Legal answers to the current check (every legal move when not in check)."""
    def push(self, move: str) -> None:
        """Play a legal move given in USI or Japanese (``▲７六歩``)."""
    def pop(self) -> str:
        """Take back the last pushed move; ``IndexError`` if none."""
    def moves(self) -> List[str]:
        """The pushed moves, in USI."""
    def parse_move_text(self, text: str) -> str:
        """A legal move given in USI or Japanese, returned in USI."""
    def move_to_japanese(self, move: str) -> str:
        """A legal move in Japanese, ``▲７六歩``."""
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def gives_check(self, move: str) -> bool: ...
    def perft(self, depth: int) -> int:
        """Leaf count of the legal-move tree (runs without the GIL)."""
    def zobrist_hash(self) -> int: ...
    def mate_move(self, max_ply: int, *, nodes: Optional[int] = 1000000) -> Optional[str]:
        """First move of a mate within ``max_ply`` plies (the first found, not
        necessarily the shortest), or ``None``."""
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: object, /) -> Position: ...
    def __eq__(self, other: object, /) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def _repr_svg_(self) -> str: ...
    def diagram_svg(self, title: Optional[str] = None, author: Optional[str] = None, length: Optional[int] = None) -> str:
        """The problem's diagram (図面) as SVG: the renderer of `tsumi diagram` and the page."""
        ...

@final
class Solution:
    """The result of one solve."""

    @property
    def result(self) -> str:
        """``"mate"``, ``"nomate"`` or ``"unknown"``; ``"error"`` for a
        problem ``tsumi.batch`` could not solve (see ``error``)."""
    @property
    def length(self) -> Optional[int]:
        """Mate length in plies (the length of ``pv``), else None: the proven
        shortest when ``proven_shortest`` (or the line's, shorter, with a
        変長 in ``longest_defence``); otherwise the line read from the proof
        found, and a mate within ``longest_defence or length`` plies is
        proven against every defence."""
    @property
    def pv(self) -> List[str]: ...
    @property
    def pv_japanese(self) -> List[str]: ...
    @property
    def useless_tail(self) -> List[str]:
        """Useless interpositions after ``pv`` (無駄合 rule), not counted."""
    @property
    def proven_shortest(self) -> bool: ...
    @property
    def no_mate_within(self) -> Optional[int]: ...
    @property
    def leftover(self) -> Dict[str, int]:
        """The attacker's hand at the end of the line (駒余り)."""
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def report(self) -> Optional[str]:
        """A text report when solved with ``report=True``."""
    @property
    def longest_defence(self) -> Optional[int]:
        """When the line is shorter than the mate proven against the longest
        defence: with ``proven_shortest``, under ``defence="no-leftover"``,
        the proven shortest mate against a longer defence that ends with
        pieces left over (変長); for a mate not proven shortest, the bound
        proven against every defence (the line, not proven, prefers a
        defence that leaves no piece, or lost a defence's proof); else
        None."""
    @property
    def soundness(self) -> Optional[Dict[str, Any]]:
        """The soundness report when solved with ``report=True`` (a mate or a
        no-mate; else None): ``cooks`` (``ply``, ``move``, ``length``,
        ``final``), ``same_length_defences`` (``ply``, ``move``, ``line``,
        ``leftover``), ``longer_defences`` (``ply``, ``move``, ``length``,
        ``leftover``, ``spare_piece``, ``detour``, ``detour_kind``: a 変長
        variation, or a detour, 迂回, ``"declined-capture"`` and
        ``"interposition"`` ones set aside under ``defence="no-leftover"``,
        ``"shuffle"`` ones followed),
        ``ends_in_mate``, ``leftover``, ``refutations`` (``check``,
        ``defence``), ``first_checks``, ``unsettled`` (``ply``, ``move``,
        ``item``), ``complete``, ``proves_mate``, ``nodes``, ``seconds``:
        the ``"report"`` object of ``tsumi solve --json``, hands as dicts."""
    @property
    def first_mate(self) -> Optional[Tuple[int, float]]:
        """Nodes and seconds spent when the first mate was found."""
    @property
    def proven_at(self) -> Optional[Tuple[int, float]]:
        """Nodes and seconds spent when the length was proven shortest
        (before the line was built), or None when it is not proven."""
    @property
    def name(self) -> Optional[str]:
        """The problem's name (``Problem.name`` or ``name=``), else None."""
    @property
    def sfen(self) -> str: ...
    @property
    def published_length(self) -> Optional[int]: ...
    @property
    def error(self) -> Optional[str]:
        """For ``result == "error"``: what went wrong."""
    def to_json(self) -> str:
        """One line of JSON, exactly as ``tsumi solve --json`` prints it and
        ``tsumi solve --out`` writes it (``name`` is ``""`` when None)."""

@final
class Solver:
    """A solver that keeps its table across calls.

    ``threads`` (1 to 256) search threads share the one table; they never
    change a verdict or a proven length. ``shortest="quick"`` stops looking
    for shorter mates after as much work as finding the first one took
    (``Solution.proven_shortest`` says whether the length was proven);
    ``"first"`` reports the first mate found; ``"prove"`` proves the
    length shortest, however long that takes. Settings not given take the
    defaults every front end shares (tsumi-mate's
    ``SolverConfig::standard``): a table of ``DEFAULT_HASH_MB``, the 無駄合
    rule and the defence that goes with it.
    """

    def __new__(
        cls,
        *,
        hash_mb: int = ...,
        threads: int = 1,
        interpositions: str = ...,
        shortest: str = "prove",
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
        defence: str = ...,
    ) -> Solver: ...
    def solve(
        self,
        position: Union[Position, str, Problem],
        *,
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
        report: bool = False,
        name: Optional[str] = None,
        published_length: Optional[int] = None,
    ) -> Solution:
        """Solve one problem; a ``Problem``'s name and published length (or
        ``name`` and ``published_length``) are carried into the answer."""
    def check_line(
        self,
        position: Union[Position, str],
        moves: List[str],
        *,
        time_limit: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> Dict[str, Any]:
        """The soundness report (as ``Solution.soundness``) along a given
        mating line, such as an author's solution: ``longer_defences`` and
        ``cooks`` (a ``length`` below the plies left is a shorter mate) say
        whether the line is the answer, ``ends_in_mate`` whether it mates.
        ``short_defence`` is ``tsumi check``'s finding by true mate lengths:
        the first defence of the line that is not a longest one (``ply``,
        ``defence``, ``length``, ``longest``, ``longest_length``,
        ``breaks_line``), or ``None``; ``short_defence_unsettled_at`` the
        ply the limits stopped that scan at, or ``None``.
        ``ValueError`` names the ply of an illegal move or a non-check."""
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    @property
    def interpositions(self) -> str: ...
    @property
    def shortest(self) -> str: ...
    @property
    def defence(self) -> str:
        """``"no-leftover"`` or ``"longest"`` (what ``"auto"`` became)."""

@final
class Branch:
    """A branch (変化) of a KIF record, with the branches off it."""

    @property
    def ply(self) -> int:
        """The move number it replaces (1-based, from the start)."""
    @property
    def moves(self) -> List[str]: ...
    @property
    def comments(self) -> List[Tuple[int, str]]:
        """Comments on its moves: (move number, text)."""
    @property
    def result(self) -> Optional[str]: ...
    @property
    def branches(self) -> List[Branch]: ...

@final
class Problem:
    """A problem read by ``read_problems``."""

    @property
    def name(self) -> str: ...
    @property
    def position(self) -> Position: ...
    @property
    def solution(self) -> List[str]: ...
    @property
    def variations(self) -> List[Tuple[int, List[str]]]:
        """A KIF record's branches (変化): (move number each replaces, moves
        in USI), as ``write_kif`` takes them."""
    @property
    def branches(self) -> List[Branch]:
        """The same branches as a tree, with their comments."""
    @property
    def comments(self) -> List[Tuple[int, str]]:
        """Comments on the main line: (moves played before it, text); 0 is
        the start."""
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def length(self) -> Optional[int]:
        """The published length the file gives (TSV length column, KIF 手数)."""

def solve(
    position: Union[Position, str],
    *,
    time_limit: Optional[float] = None,
    nodes: Optional[int] = None,
    hash_mb: int = ...,
    threads: int = 1,
    interpositions: str = ...,
    shortest: str = "prove",
    report: bool = False,
    defence: str = ...,
) -> Solution:
    """Solve a tsume problem (the side to move attacks with checks only).

    ``threads`` (1 to 256) search threads share the one table; they never
    change a verdict or a proven length. ``shortest="quick"`` stops looking
    for shorter mates after as much work as finding the first one took;
    ``"first"`` reports the first mate found, not proven shortest.
    Settings not given take the defaults every front end shares (as
    ``Solver``).
    """

def read_problems(path: Union[str, "PathLike[str]"]) -> List[Problem]:
    """Problems from an SFEN-lines, KIF/KIFU or CSA file."""

def write_kif(
    path: Union[str, "PathLike[str]"],
    position: Union[Position, str],
    moves: List[str],
    *,
    variations: Optional[List[Tuple[int, List[str]]]] = None,
    title: Optional[str] = None,
    mate: bool = True,
) -> None:
    """Write a KIF record (.kif: Shift_JIS, .kifu: UTF-8), variations as 変化."""
