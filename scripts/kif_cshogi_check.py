#!/usr/bin/env python3
"""Every KIF tsumi solve --kif wrote loads to the end in cshogi: the moves
cshogi reads are the whole main line, legal from the problem's position,
ending in mate. usage: kif_cshogi_check.py problems.tsv PATH-1.kifu ..."""
import sys, re, cshogi
from cshogi import KIF
sfens = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8") if l.strip() and not l.startswith("#")]
bad = 0
for path in sys.argv[2:]:
    i = int(re.search(r"-(\d+)\.kifu?$", path).group(1)) - 1
    kif = KIF.Parser.parse_file(path)
    text = open(path, encoding="utf-8").read()
    main = text.split("\n変化")[0]
    n = sum(1 for l in main.splitlines() if re.match(r"\s*[0-9]+ ", l) and "詰み" not in l)
    b = cshogi.Board(sfens[i])
    ok = True
    for x in kif.moves:
        m = b.move_from_usi(cshogi.move_to_usi(x))
        if not b.is_legal(m):
            ok = False; break
        b.push(m)
    mated = b.is_game_over()
    print(path, "cshogi read", len(kif.moves), "of", n, "moves;", "legal" if ok else "ILLEGAL", "and mate" if mated else "NOT MATE", "; 不成 in file:", "不成" in text)
    if len(kif.moves) != n or not ok or not mated or "不成" in text: bad += 1
print("bad", bad)
sys.exit(1 if bad else 0)
