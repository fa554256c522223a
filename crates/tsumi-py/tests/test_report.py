"""The soundness report from Python (Solution.soundness, Solver.check_line):
cooks at ply 1 against the independent minimax of scripts/cook-oracle.py
(tsumi-mate's tests/data/cooks.tsv), lines spoiled on purpose, no-mate
refutations replayed, and bad lines."""

import os

import cshogi
import pytest

import tsumi
from conftest import MATE_DATA, ROOT


def oracle_rows(count):
    """(sfen, {move: length}) of the first `count` problems of cooks.tsv,
    every interposition counted."""
    rows = []
    with open(os.path.join(MATE_DATA, "cooks.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            sfen, _, moves = line.rstrip("\n").split("\t")[:3]
            mates = dict((m, int(n)) for m, n in (w.split(":") for w in moves.split()))
            rows.append((sfen, mates))
    return rows[:count]


def test_cooks_at_ply_one_match_the_oracle():
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    rows = oracle_rows(40)
    assert len(rows) == 40
    with_cooks = 0
    for sfen, mates in rows:
        s = solver.solve(sfen, nodes=5_000_000, report=True)
        assert s.result == "mate" and s.length == min(mates.values()), sfen
        r = s.soundness
        assert r["complete"] and r["ends_in_mate"] and r["proves_mate"], sfen
        assert r["longer_defences"] == []
        cooks = {c["move"]: c["length"] for c in r["cooks"] if c["ply"] == 1}
        expected = {m: n for m, n in mates.items() if m != s.pv[0]}
        assert cooks == expected, sfen
        for c in r["cooks"]:
            assert c["final"] == (c["ply"] == s.length)
        with_cooks += bool(cooks)
    assert with_cooks > 30


def test_check_line_on_the_solvers_line_and_spoiled_lines():
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    sfen = oracle_rows(200)[-1][0]
    s = solver.solve(sfen, report=True)
    assert s.result == "mate"
    r = solver.check_line(sfen, s.pv)
    assert r["complete"] and r["ends_in_mate"] and r["longer_defences"] == []
    assert r["short_defence"] is None and r["short_defence_unsettled_at"] is None
    report = {k: v for k, v in r.items() if not k.startswith("short_defence")}
    assert report == {**s.soundness, "nodes": r["nodes"], "seconds": r["seconds"]}
    # A line cut two plies short does not end in mate.
    if s.length >= 3:
        short = solver.check_line(sfen, s.pv[:-2])
        assert short["ends_in_mate"] is False and not short["proves_mate"]


def test_weak_defence_is_named():
    # A 5-ply mate whose second ply has a defence that is mated at once:
    # playing it makes the line's defence not the longest.
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    for sfen in open(os.path.join(MATE_DATA, "mate-5-ply.txt"), encoding="utf-8").read().split("\n")[:30]:
        s = solver.solve(sfen, report=True)
        board = cshogi.Board(sfen)
        board.push_usi(s.pv[0])
        for m in board.legal_moves:
            usi = cshogi.move_to_usi(m)
            board.push(m)
            mate1 = board.mate_move_in_1ply()
            board.pop()
            if usi != s.pv[1] and mate1:
                line = [s.pv[0], usi, cshogi.move_to_usi(mate1)]
                r = solver.check_line(sfen, line)
                assert r["ends_in_mate"] is True
                assert any(d["ply"] == 2 for d in r["longer_defences"]), (sfen, line)
                # tsumi check's verdict, by true mate lengths: ply 2's
                # defence is mated in 2 plies from there, the longest in 4,
                # which the 3-ply line does not reach.
                short = r["short_defence"]
                assert short is not None, (sfen, line)
                assert (short["ply"], short["defence"], short["length"]) == (2, usi, 2), short
                assert short["longest_length"] == 4 and short["breaks_line"] is True, short
                assert short["longest"] != usi
                return
    pytest.fail("no 5-ply problem with a defence mated at once")


def test_no_mate_refutations_hold():
    problems = tsumi.read_problems(os.path.join(ROOT, "problems", "dev.sfen"))
    nomates = [p.position for p in problems if p.name.split()[-1] == "0"][:3]
    assert nomates
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    for pos in nomates:
        s = solver.solve(pos, report=True)
        assert s.result == "nomate"
        r = s.soundness
        board = cshogi.Board(pos.sfen())
        checks = []
        for m in board.legal_moves:
            board.push(m)
            if board.is_check():
                checks.append(cshogi.move_to_usi(m))
            board.pop()
        assert r["first_checks"] == len(checks)
        if len(checks) <= 40:
            assert sorted(f["check"] for f in r["refutations"]) == sorted(checks)
        for f in r["refutations"]:
            if f["defence"] is None:
                continue
            after = tsumi.Position(pos.sfen())
            after.push(f["check"])
            after.push(f["defence"])
            # The attacker is to move again: no mate from there.
            assert solver.solve(after, nodes=2_000_000).result == "nomate", f


def test_bad_lines_are_value_errors():
    solver = tsumi.Solver(hash_mb=16)
    sfen = "4k4/9/4P4/9/9/9/9/9/9 b G 1"
    with pytest.raises(ValueError, match="ply 1"):
        solver.check_line(sfen, ["9i9h"])
    with pytest.raises(ValueError, match="ply 2"):
        solver.check_line(sfen, ["G*5b", "5a5b", "G*4a"])
    with pytest.raises(ValueError):
        solver.check_line(sfen, [])
    with pytest.raises(ValueError):
        solver.check_line(sfen, ["G*4b", "5a5b"])
    assert tsumi.solve(sfen).soundness is None


MUSOU_82 = "9/9/1+P7/9/1pl6/1n1+r+B3p/2+R3p2/3Nkp3/1P2s1N+b+p b G3SLP3gn2l10p 1"


def test_henchou_convention():
    # 将棋無双 82, published in 21 plies: the longest defence (25 plies)
    # leaves the attacker pieces, a 変長 variation the published line does
    # not follow. defence="auto" goes with the 無駄合 rule.
    s = tsumi.solve(MUSOU_82, hash_mb=64)
    assert (s.result, s.length, s.longest_defence) == ("mate", 21, 25)
    assert len(s.pv) == 21 and s.leftover == {} and s.proven_shortest
    longest = tsumi.solve(MUSOU_82, hash_mb=64, defence="longest")
    assert (longest.length, longest.longest_defence) == (25, None)
    assert longest.leftover != {}
    counted = tsumi.Solver(hash_mb=64, interpositions="count")
    assert counted.defence == "longest"
    assert tsumi.Solver(hash_mb=16).defence == "no-leftover"
    with pytest.raises(ValueError, match="defence"):
        tsumi.Solver(defence="short")
    # The report names the 変長 defences, with their lengths and pieces.
    r = tsumi.Solver(hash_mb=64).solve(MUSOU_82, report=True).soundness
    assert r["longer_defences"] and r["proves_mate"]
    for d in r["longer_defences"]:
        assert d["length"] > 21 - d["ply"] + 1 and d["leftover"]


def test_detour_kinds_are_named():
    # docs/solver.md, "Tsume rules": after L*8g the pawn interposed on 8b
    # comes round to the position of the one on 8c two plies later, a
    # detour set aside under the defaults and followed under "longest".
    sfen = "1k7/2l+R5/9/9/9/9/9/9/9 b SLp 1"
    s = tsumi.Solver(hash_mb=16).solve(sfen, report=True)
    assert (s.length, s.longest_defence) == (7, 9)
    assert s.pv[:2] == ["L*8g", "P*8c"]
    (d,) = s.soundness["longer_defences"]
    assert (d["ply"], d["move"], d["length"]) == (2, "P*8b", 8)
    assert (d["detour"], d["detour_kind"], d["spare_piece"]) == (5, "interposition", False)
    longest = tsumi.solve(sfen, hash_mb=16, defence="longest")
    assert (longest.length, longest.pv[1]) == (9, "P*8b")
