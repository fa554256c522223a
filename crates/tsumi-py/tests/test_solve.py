"""Solve results against the known lengths of the shared mate sets (copied
into tsumi-mate's test data), lines replayed by cshogi, and mate_move."""

import os
import pickle

import cshogi
import pytest

import tsumi
from conftest import ROOT, read_sfens


def replay_is_mate(sfen, pv):
    """cshogi replays the line: every attacker move legal and checking, the
    defender's moves legal, the end checkmate."""
    board = cshogi.Board(sfen)
    for i, usi in enumerate(pv):
        m = board.move_from_usi(usi)
        assert board.is_legal(m), (sfen, pv, i)
        board.push(m)
        if i % 2 == 0:
            assert board.is_check(), (sfen, pv, i)
    return board.is_check() and len(board.legal_moves) == 0


@pytest.mark.parametrize("ply", [3, 5, 7, 9])
def test_mate_sets_exact_length(ply):
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    for sfen in read_sfens(f"mate-{ply}-ply.txt", 15):
        s = solver.solve(sfen, nodes=2_000_000)
        assert (s.result, s.length) == ("mate", ply), sfen
        assert s.proven_shortest
        assert len(s.pv) == ply and len(s.pv_japanese) == ply
        assert replay_is_mate(sfen, s.pv), (sfen, s.pv)


def test_module_solve_matches_solver():
    sfens = read_sfens("mate-5-ply.txt", 5)
    for sfen in sfens:
        a = tsumi.solve(sfen, interpositions="count", hash_mb=16)
        b = tsumi.Solver(hash_mb=16, interpositions="count").solve(tsumi.Position(sfen))
        assert (a.result, a.length) == (b.result, b.length) == ("mate", 5)


def test_default_table_size_is_the_libraries():
    # One default for every front end: tsumi_mate::DEFAULT_HASH_MB.
    assert tsumi.DEFAULT_HASH_MB == 256
    assert tsumi.Solver().hash_mb == tsumi.DEFAULT_HASH_MB


def test_bundled_set_verdicts():
    # problems/dev.sfen names each problem "dev-NNN ref L" (L = 0: no mate).
    problems = tsumi.read_problems(os.path.join(ROOT, "problems", "dev.sfen"))
    assert len(problems) > 100
    rows = [(p.position, int(p.name.split()[-1])) for p in problems]
    rows = [(pos, n) for pos, n in rows if n <= 9][:40]
    assert len(rows) == 40
    solver = tsumi.Solver(hash_mb=32, interpositions="count")
    for pos, length in rows:
        sfen = pos.sfen()
        s = solver.solve(pos, nodes=2_000_000)
        if length == 0:
            assert s.result == "nomate" and s.length is None and s.pv == [], sfen
        else:
            assert (s.result, s.length) == ("mate", length), sfen
            assert replay_is_mate(sfen, s.pv)


def test_solution_fields_and_report():
    s = tsumi.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", report=True)
    assert (s.result, s.length, s.pv) == ("mate", 1, ["G*5b"])
    assert s.pv_japanese == ["▲５二金打"]
    assert s.leftover == {} and s.useless_tail == [] and s.proven_shortest
    assert s.nodes > 0 and s.seconds >= 0
    assert "mate in 1" in s.report and "G*5b" in s.report
    assert tsumi.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1").report is None
    assert "G*5b" in repr(s)


def test_leftover_hand():
    # 5二金打 mates; the rook stays in hand (駒余り).
    s = tsumi.solve("4k4/9/4P4/9/9/9/9/9/9 b RG 1", interpositions="count")
    assert s.length == 1 and s.leftover == {"R": 1}


def test_unknown_within_node_limit():
    sfen = read_sfens("mate-9-ply.txt", 1)[0]
    s = tsumi.solve(sfen, nodes=50, interpositions="count")
    assert s.result == "unknown" and s.pv == [] and not s.proven_shortest


def test_a_mate_found_before_the_limit_is_kept():
    # 将棋無双 9 (29 plies): the first mate comes early, proving that none is
    # shorter takes far more than the node limit.
    sfen = "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1"
    s = tsumi.solve(sfen, nodes=60_000, interpositions="count")
    assert s.result == "mate" and not s.proven_shortest
    assert s.length is not None and s.length >= 29 and len(s.pv) <= s.length
    assert s.proven_at is None and s.first_mate is not None
    full = tsumi.solve(sfen, interpositions="count")
    assert full.result == "mate" and full.proven_shortest and full.length == 29
    # When the length was proven: after the first mate, before the line.
    (first_nodes, first_s), (proof_nodes, proof_s) = full.first_mate, full.proven_at
    assert first_nodes < proof_nodes <= full.nodes
    assert first_s <= proof_s <= full.seconds
    again = pickle.loads(pickle.dumps(full))
    assert (again.first_mate, again.proven_at) == (full.first_mate, full.proven_at)


def test_shortest_quick_skips_the_costly_proof():
    # 将棋無双 9 again: with shortest="quick" the 29-ply mate is answered
    # after a small part of the proof's work, marked as not proven.
    sfen = "2k1s1B2/S3+P4/2p1R2p1/2gprpp2/Lb1S5/2N3P2/2PPP4/9/L8 b L3gs3nl8p 1"
    solver = tsumi.Solver(hash_mb=64, interpositions="count", shortest="quick")
    assert solver.shortest == "quick"
    quick = solver.solve(sfen)
    assert (quick.result, quick.length, quick.proven_shortest) == ("mate", 29, False)
    assert replay_is_mate(sfen, quick.pv)
    proved = tsumi.solve(sfen, interpositions="count", hash_mb=64, shortest="prove")
    assert (proved.length, proved.proven_shortest) == (29, True)
    assert quick.nodes * 2 < proved.nodes
    first = tsumi.solve(sfen, interpositions="count", hash_mb=64, shortest="first")
    assert (first.result, first.proven_shortest) == ("mate", False)
    assert first.length >= 29 and replay_is_mate(sfen, first.pv)
    assert first.nodes * 2 < proved.nodes


def test_mate_move():
    dfpn = cshogi.DfPn()
    for sfen in read_sfens("mate-5-ply.txt", 10):
        pos = tsumi.Position(sfen)
        assert pos.mate_move(3) is None, sfen
        m = pos.mate_move(5)
        assert m is not None and m in pos.checks(), sfen
        assert pos.mate_move(7) is not None
        board = cshogi.Board(sfen)
        board.push_usi(m)
        dfpn.set_max_depth(5)
        assert dfpn.search_andnode(board), (sfen, m)


def test_read_problems(tmp_path):
    f = tmp_path / "set.sfen"
    f.write_text(
        "# two problems\n"
        "4k4/9/4P4/9/9/9/9/9/9 b G 1\tfirst\n"
        "\n"
        "sfen 4k4/9/4P4/9/9/9/9/9/9 b RG 1\n",
        encoding="utf-8",
    )
    ps = tsumi.read_problems(f)
    assert [p.name for p in ps][0] == "first" and len(ps) == 2
    assert ps[1].line == 4 and ps[1].file == str(f)
    assert [tsumi.solve(p.position).length for p in ps] == [1, 1]


def test_interpositions_rule():
    # From tsumi-mate's useless.tsv (an independent minimax over cshogi's
    # moves): 15 plies counting every interposition, 1 skipping the useless
    # ones, which then follow the counted line as the useless tail.
    sfen = "7lk/7p1/7G1/9/9/9/9/9/6R2 b r2b3g4s4n3l17p 1"
    counted = tsumi.solve(sfen, interpositions="count", hash_mb=16)
    assert (counted.result, counted.length) == ("mate", 15)
    skipped = tsumi.solve(sfen, hash_mb=16)  # "skip-useless" is the default
    assert (skipped.result, skipped.length) == ("mate", 1)
    assert skipped.useless_tail and len(skipped.pv) == 1
    assert replay_is_mate(sfen, skipped.pv + skipped.useless_tail)
    solver = tsumi.Solver(hash_mb=16)
    assert (solver.interpositions, solver.threads, solver.hash_mb) == ("skip-useless", 1, 16)
    assert solver.solve(sfen).length == 1


def test_search_threads_give_the_same_answers():
    # The counted 15-ply mate above and a no-mate, with 2 and 4 search
    # threads on one table: the same verdict and length as one thread.
    sfen = "7lk/7p1/7G1/9/9/9/9/9/6R2 b r2b3g4s4n3l17p 1"
    nomate = "9/4k4/9/9/9/1G7/9/9/9 b B2rb3g4s4n4l18p 1"
    for threads in (2, 4):
        s = tsumi.solve(sfen, interpositions="count", hash_mb=16, threads=threads)
        assert (s.result, s.length) == ("mate", 15)
        assert replay_is_mate(sfen, s.pv)
        solver = tsumi.Solver(hash_mb=16, threads=threads)
        assert solver.threads == threads
        assert solver.solve(nomate).result == "nomate"


def test_solver_shared_by_threads():
    import threading

    solver = tsumi.Solver(hash_mb=16, interpositions="count")
    sfens = read_sfens("mate-7-ply.txt", 8)
    results = {}

    def work(part):
        for sfen in part:
            results[sfen] = solver.solve(sfen).length

    threads = [threading.Thread(target=work, args=(sfens[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {s: 7 for s in sfens}


def resident_mb():
    """The process's resident memory in MiB (Linux), else None."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") >> 20
    except OSError:
        return None


@pytest.mark.parametrize("hash_mb", [1024, 16384])
def test_a_large_table_costs_nothing_until_used(hash_mb):
    # Made without committing its memory (or refused, on a machine with
    # less, with a MemoryError naming the size), and its solves are those
    # of the default table, node for node.
    # Short solves: a table of 512 MiB or more is on huge pages from its
    # first touch, and each place a search touches commits 2 MiB of it.
    sfens = read_sfens("mate-3-ply.txt", 3)
    before = resident_mb()
    try:
        big = tsumi.Solver(hash_mb=hash_mb)
    except MemoryError as e:
        assert f"hash_mb={hash_mb}" in str(e)
        return
    after = resident_mb()
    if before is not None:
        assert after < before + 64, f"hash_mb={hash_mb} committed {after - before} MiB at creation"
    default = tsumi.Solver()
    for sfen in sfens:
        a, b = big.solve(sfen, nodes=200_000), default.solve(sfen, nodes=200_000)
        assert (a.result, a.length, a.pv, a.nodes) == (b.result, b.length, b.pv, b.nodes), sfen
    del big
