"""tsumi: shogi positions, move generation and a tsume (mate problem) solver.

>>> import tsumi
>>> pos = tsumi.Position("4k4/9/4P4/9/9/9/9/9/9 b G 1")
>>> s = tsumi.solve(pos)
>>> s.result, s.length, s.pv
('mate', 1, ['G*5b'])

Moves are USI strings (``7g7f``, ``P*5e``, ``8h2b+``); ``Position.push``
also reads Japanese move text. Errors in input are ``ValueError`` carrying
the parser's message. Searches and perft run without the GIL (but for the
short search for a mate in one or three that shortest="first" makes first),
and Ctrl-C stops a solve.
"""

from ._tsumi import (
    BLACK,
    Branch,
    DEFAULT_HASH_MB,
    WHITE,
    MoveList,
    Position,
    Problem,
    Solution,
    Solver,
    __version__,
    read_problems,
    solve,
    write_kif,
)

__all__ = [
    "BLACK",
    "Branch",
    "DEFAULT_HASH_MB",
    "WHITE",
    "MoveList",
    "Position",
    "Problem",
    "Solution",
    "Solver",
    "__version__",
    "read_problems",
    "write_kif",
    "solve",
]
