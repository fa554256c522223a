"""Bad input raises Python exceptions with the parser's message; nothing
panics."""

import pytest

import tsumi

SFEN = "4k4/9/4P4/9/9/9/9/9/9 b G 1"


@pytest.mark.parametrize(
    "sfen",
    [
        "",
        "bad",
        "4k4/9/4P4/9/9/9/9/9/9 x G 1",
        "4k4/9/4P4/9/9/9/9/9 b G 1",
        "4k4/9/4P4/9/9/9/9/9/9/9 b G 1",
        "4k4/9/4P4/9/9/9/9/9/9 b G99 1",
        "4k4/9/4P4/9/9/9/9/9/9 b Q 1",
        "9k/9/9/9/9/9/9/9/P8 b - 1",
        "kk7/9/9/9/9/9/9/9/9 b - 1",
        "4k4/9/9/9/9/9/9/9/9 b 19P 1",
        "4k4/9/4P4/9/9/9/9/9/9 b G -1",
        "\x00\xff" * 40,
    ],
)
def test_bad_sfen(sfen):
    with pytest.raises(ValueError):
        tsumi.Position(sfen)
    with pytest.raises(ValueError):
        tsumi.solve(sfen)


def test_bad_sfen_message_names_the_problem():
    with pytest.raises(ValueError, match="SFEN"):
        tsumi.Position("4k4/9/4P4/9/9/9/9/9/9 x G 1")


@pytest.mark.parametrize("move", ["", "7g", "7g7f7f", "0a1b", "P*", "K*5e", "7g7e", "5c5a", "G*5c", "▲５二銀打", "同　金", "xyz"])
def test_bad_moves(move):
    pos = tsumi.Position(SFEN)
    with pytest.raises(ValueError):
        pos.push(move)
    with pytest.raises(ValueError):
        pos.gives_check(move)
    assert pos.sfen() == SFEN


def test_bad_arguments():
    pos = tsumi.Position(SFEN)
    for sq in [81, -1, "0a", "5j", "55", 3.5]:
        with pytest.raises(ValueError):
            pos.piece_at(sq)
    with pytest.raises(ValueError):
        pos.hand(2)
    with pytest.raises(IndexError):
        pos.pop()
    with pytest.raises(IndexError):
        pos.legal_moves()[1000]
    with pytest.raises(ValueError):
        pos.mate_move(0)
    with pytest.raises(ValueError, match="interpositions"):
        tsumi.solve(SFEN, interpositions="all")
    with pytest.raises(ValueError, match="hash_mb"):
        tsumi.solve(SFEN, hash_mb=0)
    with pytest.raises(ValueError, match="hash_mb"):
        tsumi.solve(SFEN, hash_mb=(1 << 25) + 1)


def test_a_table_the_machine_cannot_give_is_a_memory_error():
    # 32 TiB: more than any machine these tests run on, and within range.
    with pytest.raises(MemoryError, match="hash_mb=33554432: .*33554432 MiB"):
        tsumi.Solver(hash_mb=1 << 25)
    with pytest.raises(MemoryError, match="33554432 MiB"):
        tsumi.solve(SFEN, hash_mb=1 << 25)
    assert tsumi.solve(SFEN, hash_mb=1).length == 1
    with pytest.raises(ValueError, match="time_limit"):
        tsumi.solve(SFEN, time_limit=-1)
    with pytest.raises(ValueError):
        tsumi.Solver(threads=0)
    with pytest.raises(ValueError, match="threads"):
        tsumi.solve(SFEN, threads=257)
    with pytest.raises(ValueError, match="shortest='fast'"):
        tsumi.solve(SFEN, shortest="fast")
    with pytest.raises(ValueError, match="shortest"):
        tsumi.Solver(shortest="")
    with pytest.raises(OverflowError):
        tsumi.solve(SFEN, nodes=-5)
    with pytest.raises(ValueError):
        tsumi.solve(12345)


def test_no_defender_king():
    with pytest.raises(ValueError, match="no king"):
        tsumi.solve("9/9/9/9/9/9/9/9/4K4 b G 1")
    with pytest.raises(ValueError, match="no king"):
        tsumi.Position("9/9/9/9/9/9/9/9/4K4 b G 1").mate_move(3)


def test_bad_records(tmp_path):
    with pytest.raises(ValueError):
        tsumi.Position.from_kif("手合割：平手\n   1 ７六金\n")
    with pytest.raises(ValueError):
        tsumi.Position.from_csa("P1 *  *  +XX\n")
    with pytest.raises(ValueError):
        tsumi.Position.from_kif(b"\xff\xfe\x00garbage")
    with pytest.raises(FileNotFoundError):
        tsumi.read_problems(tmp_path / "missing.sfen")
    f = tmp_path / "bad.sfen"
    f.write_text("4k4/9/4P4/9/9/9/9/9/9 b G 1\nnot an sfen\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.sfen"):
        tsumi.read_problems(f)


def mutations(text, rng, count):
    """`count` copies of `text` with a few characters replaced, deleted or
    duplicated."""
    alphabet = text + "0123456789+-*/ \t\n#　一二三四五六七八九同成打不歩金銀角飛玉"
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, chars[i])
        yield "".join(chars)


def test_mangled_input_raises_value_error_only():
    # A panic would surface as pyo3_runtime.PanicException, a BaseException
    # that `except ValueError` does not catch: the test would fail.
    import random

    from test_notation import CSA, KIF

    rng = random.Random(7)
    sfen = "ln1gkg1nl/6+P2/2sppps1p/2p3p2/p8/P1P1P3P/2NP1PP2/3s1KSR1/L1+b2G1NL w R2Pbgp 42"
    cases = [(tsumi.Position, t) for t in mutations(sfen, rng, 1500)]
    cases += [(tsumi.Position.from_kif, t) for t in mutations(KIF, rng, 300)]
    cases += [(tsumi.Position.from_csa, t) for t in mutations(CSA, rng, 300)]
    pos = tsumi.Position(sfen)
    cases += [(pos.copy().push, t) for t in mutations("▲同　銀成(33)", rng, 500)]
    cases += [(pos.copy().push, t) for t in mutations("8h7i+", rng, 500)]
    accepted = []
    for f, text in cases:
        try:
            accepted.append(f(text))
        except ValueError:
            pass
    assert 0 < len(accepted) < len(cases)
    # Whatever position parsed, the solver answers or refuses it cleanly.
    positions = [p for p in accepted if isinstance(p, tsumi.Position)]
    assert len(positions) > 100
    for p in positions[:300]:
        try:
            s = tsumi.solve(p, nodes=2000, hash_mb=1)
            assert s.result in ("mate", "nomate", "unknown")
            p.mate_move(5, nodes=2000)
        except ValueError:
            pass
