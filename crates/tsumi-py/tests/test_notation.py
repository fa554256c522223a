"""KIF, CSA and Japanese move text."""

import pytest
from xml.etree import ElementTree

import tsumi

KIF = """作品名：テスト
手合割：平手
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
手数----指手---------消費時間--
   1 ５二金打
"""


def csa_rows(cells):
    """CSA board rows P1..P9 from {(file, rank): "-OU"}, 3 characters a cell."""
    rows = []
    for rank in range(1, 10):
        row = "".join(cells.get((f, rank), " * ") for f in range(9, 0, -1))
        rows.append(f"P{rank}{row}")
    return "\n".join(rows)


CSA = "V2.2\n$EVENT:test\n" + csa_rows({(5, 1): "-OU", (5, 3): "+FU"}) + "\nP+00KI\n+\n+0052KI\n"

SFEN = "4k4/9/4P4/9/9/9/9/9/9 b G 1"


def test_from_kif_str_and_shift_jis_bytes():
    a = tsumi.Position.from_kif(KIF)
    assert a.sfen() == SFEN
    b = tsumi.Position.from_kif(KIF.encode("shift_jis"))
    assert b.sfen() == SFEN
    c = tsumi.Position.from_kif(KIF, play_moves=True)
    assert c.moves() == ["G*5b"] and c.is_checkmate()
    assert c.pop() == "G*5b" and c.sfen() == SFEN


def test_from_csa():
    a = tsumi.Position.from_csa(CSA)
    assert a.sfen() == SFEN
    b = tsumi.Position.from_csa(CSA, play_moves=True)
    assert b.is_checkmate()


def test_read_problems_kif(tmp_path):
    f = tmp_path / "p.kif"
    f.write_bytes(KIF.encode("shift_jis"))
    [p] = tsumi.read_problems(f)
    assert p.name == "テスト" and p.solution == ["G*5b"] and p.position.sfen() == SFEN


def test_japanese_moves():
    pos = tsumi.Position()
    pos.push("▲７六歩")
    pos.push("３四歩(33)")
    assert pos.moves() == ["7g7f", "3c3d"]
    assert pos.move_to_japanese("8h2b+") == "▲２二角成"
    pos.push("8h2b+")
    assert pos.move_to_japanese("3a2b") == "△同　銀"
    assert pos.parse_move_text("同　銀") == "3a2b"


def test_position_accessors():
    pos = tsumi.Position()
    assert pos.turn == tsumi.BLACK and pos.ply == 1
    assert pos.piece_at("5i") == "K" and pos.piece_at("5a") == "k"
    assert pos.piece_at(0) == "l" and pos.piece_at(40) is None
    assert pos.hand(tsumi.WHITE) == {}
    pos = tsumi.Position("4k4/9/4P4/9/9/9/9/9/9 b RG2P 1")
    assert pos.hand(tsumi.BLACK) == {"R": 1, "G": 1, "P": 2}
    assert tsumi.Position("startpos") == tsumi.Position()
    assert pos.copy() == pos and pos.copy().zobrist_hash() == pos.zobrist_hash()
    with pytest.raises(TypeError):
        hash(pos)  # mutable: push changes it
    # The diagram (図面) of tsumi diagram and the page: well-formed XML, the
    # attacker's hand written out, the defender's (listed, not the rest) too.
    svg = pos._repr_svg_()
    root = ElementTree.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    hands = [g.get("data-text") for g in root.iter() if g.get("class") == "hand"]
    assert hands == ["持駒 飛金歩二", "玉方持駒 なし"], hands
    assert "歩" in svg and "１" in svg and "九" in svg
    titled = ElementTree.fromstring(pos.diagram_svg(title="頭金", author="作者", length=1))
    texts = [t.text for t in titled.iter("{http://www.w3.org/2000/svg}text")]
    assert "頭金" in texts and "作者　1手詰" in texts, texts
    assert "ppppppppp" in repr(tsumi.Position())
    moves = tsumi.Position().legal_moves()
    assert "7g7f" in moves and "7g7e" not in moves and 5 not in moves
    assert moves[-1] == list(moves)[-1] and moves == list(moves)


# 将棋無双 47 under the 無駄合 rule: a 27-ply mate whose line has several
# same-length defences to write as 変化.
MUSOU_47 = "3l5/9/2+bl2S2/1+R3+R3/+p8/1+p1kl1g2/1NN6/2G1pL3/3+p5 b BS2g2s2n14p 1"


@pytest.mark.parametrize("name", ["solution.kif", "solution.kifu"])
def test_write_kif_reads_back_through_tsumi_and_cshogi(tmp_path, name):
    cshogi_kif = pytest.importorskip("cshogi.KIF")
    import cshogi

    s = tsumi.solve(MUSOU_47, shortest="first")
    assert s.result == "mate"
    # A branch at the defender's second move: another legal reply, then
    # nothing (a branch may stop anywhere).
    pos = tsumi.Position(MUSOU_47)
    pos.push(s.pv[0])
    other = next(m for m in pos.legal_moves() if m != s.pv[1])
    path = tmp_path / name
    tsumi.write_kif(path, MUSOU_47, s.pv, variations=[(2, [other])], title="無双四十七番")
    data = path.read_bytes()
    # .kif is Shift_JIS, .kifu UTF-8.
    if name.endswith(".kif"):
        with pytest.raises(UnicodeDecodeError):
            data.decode("utf-8")
        text = data.decode("shift_jis")
    else:
        text = data.decode("utf-8")
    assert "作品名：無双四十七番" in text
    assert f"手数：{len(s.pv)}" in text
    assert "\n変化：2手\n" in text
    # tsumi's reader: the same start and main line.
    (problem,) = tsumi.read_problems(path)
    assert problem.position.sfen() == pos_sfen(MUSOU_47)
    assert problem.solution == s.pv
    assert problem.length == len(s.pv)
    # The branch, read back as write_kif took it.
    assert problem.variations == [(2, [other])]
    # cshogi's reader (which sets up no board diagram, so only the moves
    # can be compared): the same main line, the branch not mixed in.
    parsed = cshogi_kif.Parser.parse_file(str(path))
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == s.pv


def pos_sfen(sfen):
    return tsumi.Position(sfen).sfen()


def test_write_kif_rejects_bad_input(tmp_path):
    with pytest.raises(ValueError, match="must be named .kif"):
        tsumi.write_kif(tmp_path / "x.txt", MUSOU_47, ["S*5e"])
    with pytest.raises(ValueError, match="move 1 '9i9h'"):
        tsumi.write_kif(tmp_path / "x.kif", MUSOU_47, ["9i9h"])
    with pytest.raises(ValueError, match="a variation at move 5"):
        tsumi.write_kif(tmp_path / "x.kif", MUSOU_47, ["S*5e"], variations=[(5, ["6f5g"])])


def test_read_problems_keeps_the_record_tree_and_its_comments(tmp_path):
    # As Kifu for Windows writes a tree: move 2 has a branch, and that
    # branch's move 3 has one of its own; comments on the start, on a
    # main-line move and inside both branches.
    t = "   ( 0:00/00:00:00)"
    text = (
        "手合割：平手\n手数----指手---------消費時間--\n*はじめ\n"
        f"   1 ７六歩(77){t}\n*一手目\n   2 ３四歩(33){t}+\n   3 ２六歩(27){t}\n\n"
        f"変化：2手\n   2 ８四歩(83){t}\n*変化の二手目\n   3 ２六歩(27){t}+\n\n"
        f"変化：3手\n   3 ６六歩(67){t}\n*孫\n*二行目\n   4 中断\n"
    )
    path = tmp_path / "tree.kifu"
    path.write_text(text, encoding="utf-8")
    (p,) = tsumi.read_problems(path)
    assert p.solution == ["7g7f", "3c3d", "2g2f"]
    assert p.comments == [(0, "はじめ"), (1, "一手目")]
    # Flat, as before: each branch from where it leaves the main line.
    assert p.variations == [(2, ["8c8d", "2g2f"]), (2, ["8c8d", "6g6f"])]
    (b,) = p.branches
    assert isinstance(b, tsumi.Branch)
    assert (b.ply, b.moves, b.comments, b.result) == (2, ["8c8d", "2g2f"], [(2, "変化の二手目")], None)
    (c,) = b.branches
    assert (c.ply, c.moves, c.comments, c.result) == (3, ["6g6f"], [(3, "孫"), (3, "二行目")], "中断")
    assert c.branches == []
