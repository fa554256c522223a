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
    with pytest.raises(ValueError, match="time_limit"):
        tsumi.solve(SFEN, time_limit=-1)
    with pytest.raises(ValueError):
        tsumi.Solver(threads=0)
    with pytest.raises(NotImplementedError):
        tsumi.solve(SFEN, threads=4)
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
