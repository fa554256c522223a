//! Property tests over random playouts.
//!
//! A deliberately naive, independent move generator lives in this file: a
//! plain array board, movement written as direction lists, attacks found by
//! walking rays, legality by playing the move and scanning every enemy
//! piece. It shares nothing with the core's attack tables or generator
//! except the value types, and the core must agree with it exactly.

use proptest::prelude::*;
use tsumi_core::{Color, GenKind, Move, MoveList, Piece, PieceType, Position, Square};

// ---------------------------------------------------------------------------
// The naive reference engine
// ---------------------------------------------------------------------------

#[derive(Clone)]
struct Naive {
    board: [Option<Piece>; 81],
    hands: [[u8; 7]; 2],
    side: Color,
}

/// (file delta, rank delta, slides) for a Black piece; White flips ranks.
fn movement(kind: PieceType) -> Vec<(i8, i8, bool)> {
    use PieceType::*;
    let gold = vec![
        (0, -1, false),
        (1, -1, false),
        (-1, -1, false),
        (1, 0, false),
        (-1, 0, false),
        (0, 1, false),
    ];
    let diag = [(1, -1), (-1, -1), (1, 1), (-1, 1)];
    let orth = [(0, -1), (0, 1), (1, 0), (-1, 0)];
    match kind {
        Pawn => vec![(0, -1, false)],
        Lance => vec![(0, -1, true)],
        Knight => vec![(1, -2, false), (-1, -2, false)],
        Silver => vec![
            (0, -1, false),
            (1, -1, false),
            (-1, -1, false),
            (1, 1, false),
            (-1, 1, false),
        ],
        Gold | ProPawn | ProLance | ProKnight | ProSilver => gold,
        King => diag
            .iter()
            .chain(orth.iter())
            .map(|&(a, b)| (a, b, false))
            .collect(),
        Bishop => diag.iter().map(|&(a, b)| (a, b, true)).collect(),
        Rook => orth.iter().map(|&(a, b)| (a, b, true)).collect(),
        Horse => diag
            .iter()
            .map(|&(a, b)| (a, b, true))
            .chain(orth.iter().map(|&(a, b)| (a, b, false)))
            .collect(),
        Dragon => orth
            .iter()
            .map(|&(a, b)| (a, b, true))
            .chain(diag.iter().map(|&(a, b)| (a, b, false)))
            .collect(),
    }
}

fn sq_at(file: i8, rank: i8) -> Option<Square> {
    if (0..9).contains(&file) && (0..9).contains(&rank) {
        Square::from_file_rank(file as u8, rank as u8)
    } else {
        None
    }
}

fn rel_rank(sq: Square, c: Color) -> u8 {
    if c == Color::Black {
        sq.rank()
    } else {
        8 - sq.rank()
    }
}

impl Naive {
    fn from(pos: &Position) -> Naive {
        let mut board = [None; 81];
        for sq in Square::all() {
            board[sq.index()] = pos.piece_at(sq);
        }
        let mut hands = [[0u8; 7]; 2];
        for c in Color::ALL {
            for k in PieceType::HAND {
                hands[c.index()][k.index()] = pos.hand(c).count(k) as u8;
            }
        }
        Naive {
            board,
            hands,
            side: pos.side_to_move(),
        }
    }

    /// Squares the piece on `from` reaches, stopping at any piece.
    fn reach(&self, from: Square) -> Vec<Square> {
        let p = self.board[from.index()].unwrap();
        let flip = if p.color == Color::Black { 1 } else { -1 };
        let mut out = Vec::new();
        for (df, dr, slides) in movement(p.kind) {
            let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
            loop {
                f += df;
                r += dr * flip;
                let Some(t) = sq_at(f, r) else { break };
                out.push(t);
                if !slides || self.board[t.index()].is_some() {
                    break;
                }
            }
        }
        out
    }

    fn attacked_by(&self, c: Color, target: Square) -> bool {
        Square::all().any(|s| {
            matches!(self.board[s.index()], Some(p) if p.color == c)
                && self.reach(s).contains(&target)
        })
    }

    fn king(&self, c: Color) -> Option<Square> {
        Square::all().find(|s| self.board[s.index()] == Some(Piece::new(c, PieceType::King)))
    }

    fn in_check(&self, c: Color) -> bool {
        self.king(c).is_some_and(|k| self.attacked_by(c.flip(), k))
    }

    fn play(&self, m: Move) -> Naive {
        let mut n = self.clone();
        let us = self.side;
        match m.drop_kind() {
            Some(k) => {
                n.hands[us.index()][k.index()] -= 1;
                n.board[m.to().index()] = Some(Piece::new(us, k));
            }
            None => {
                let from = m.from().unwrap();
                let mut p = n.board[from.index()].take().unwrap();
                if let Some(cap) = n.board[m.to().index()] {
                    n.hands[us.index()][cap.kind.unpromote().index()] += 1;
                }
                if m.is_promotion() {
                    p.kind = p.kind.promote();
                }
                n.board[m.to().index()] = Some(p);
            }
        }
        n.side = us.flip();
        n
    }

    /// Moves that obey piece movement, promotion, drop and two-pawn rules,
    /// before king safety.
    fn pseudo_moves(&self) -> Vec<Move> {
        let us = self.side;
        let mut out = Vec::new();
        for from in Square::all() {
            let Some(p) = self.board[from.index()] else {
                continue;
            };
            if p.color != us {
                continue;
            }
            for to in self.reach(from) {
                if matches!(self.board[to.index()], Some(q) if q.color == us) {
                    continue;
                }
                let zone = |s: Square| rel_rank(s, us) <= 2;
                let can_promote = p.kind.can_promote() && (zone(from) || zone(to));
                let rr = rel_rank(to, us);
                let dead = match p.kind {
                    PieceType::Pawn | PieceType::Lance => rr == 0,
                    PieceType::Knight => rr <= 1,
                    _ => false,
                };
                if can_promote {
                    out.push(Move::normal(from, to, true));
                }
                if !dead {
                    out.push(Move::normal(from, to, false));
                }
            }
        }
        for k in PieceType::HAND {
            if self.hands[us.index()][k.index()] == 0 {
                continue;
            }
            for to in Square::all() {
                if self.board[to.index()].is_some() {
                    continue;
                }
                let rr = rel_rank(to, us);
                let ok = match k {
                    PieceType::Pawn => {
                        rr > 0
                            && !(0..9).any(|r| {
                                self.board[Square::from_file_rank(to.file(), r).unwrap().index()]
                                    == Some(Piece::new(us, PieceType::Pawn))
                            })
                    }
                    PieceType::Lance => rr > 0,
                    PieceType::Knight => rr > 1,
                    _ => true,
                };
                if ok {
                    out.push(Move::drop(k, to));
                }
            }
        }
        out
    }

    fn legal_moves(&self, check_pawn_drop_mate: bool) -> Vec<Move> {
        let us = self.side;
        self.pseudo_moves()
            .into_iter()
            .filter(|&m| {
                let after = self.play(m);
                if after.in_check(us) {
                    return false;
                }
                if check_pawn_drop_mate
                    && m.drop_kind() == Some(PieceType::Pawn)
                    && after.in_check(us.flip())
                    && after.legal_moves(false).is_empty()
                {
                    return false;
                }
                true
            })
            .collect()
    }
}

// ---------------------------------------------------------------------------
// Playouts
// ---------------------------------------------------------------------------

const STARTS: &[&str] = &[
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
    "ln3gsn1/7kl/3+B1p1p1/p4s2p/2P6/P2B3PP/1PNP+rPP2/2G3SK1/L4G1NL b G3Prs3p 65",
    "ln2+r1r2/5s+Pkl/3+B1p1p1/p4B2p/2P6/P6PP/1PNP1P3/2G3SK1/L4G1NL w 2GSN3Ps3p 76",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "4k4/9/9/9/9/9/9/9/9 b 16P 1",
    "4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1",
    "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
    "k8/9/1P7/9/9/9/9/9/8K b P 1",
    "8k/7l1/9/9/9/9/9/9/K8 b RP 1",
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

/// Checks one position against the naive engine and the round-trip
/// properties, then returns a random legal move (if any).
fn check_position(pos: &mut Position, rng: &mut Rng) -> Option<Move> {
    let sfen = pos.to_sfen();
    // SFEN round trip.
    let back = Position::from_sfen(&sfen).expect("generated SFEN parses");
    assert_eq!(back.to_sfen(), sfen);
    assert_eq!(back.board_key(), pos.board_key(), "{sfen}");
    assert_eq!(back.hand_key(), pos.hand_key(), "{sfen}");
    assert_eq!(
        pos.compute_keys_from_scratch(),
        (pos.board_key(), pos.hand_key())
    );

    let naive = Naive::from(pos);
    let expected = sorted(naive.legal_moves(true));
    let generated = pos.legal_moves();
    let got = sorted(generated.to_vec());
    assert_eq!(got, expected, "legal moves differ in {sfen}");
    assert_eq!(pos.count_legal_moves(), generated.len(), "{sfen}");
    for kind in [GenKind::Captures, GenKind::NonCaptures] {
        let mut part = MoveList::new();
        pos.generate(kind, &mut part);
        for &m in part.iter() {
            let captures = pos.piece_at(m.to()).is_some();
            assert_eq!(
                captures,
                kind == GenKind::Captures,
                "{sfen}: {m} in {kind:?}"
            );
            assert!(generated.contains(m));
        }
    }
    let mut caps = MoveList::new();
    pos.generate(GenKind::Captures, &mut caps);
    let mut quiets = MoveList::new();
    pos.generate(GenKind::NonCaptures, &mut quiets);
    assert_eq!(caps.len() + quiets.len(), generated.len(), "{sfen}");
    assert_eq!(pos.in_check(), naive.in_check(pos.side_to_move()), "{sfen}");

    // Every generated move is legal, checks are reported correctly, and
    // undo restores everything.
    let before_keys = (pos.board_key(), pos.hand_key());
    for &m in generated.iter() {
        assert!(pos.is_legal(m), "{sfen}: is_legal rejects {m}");
        let after = naive.play(m);
        let checks = after.in_check(pos.side_to_move().flip());
        assert_eq!(pos.gives_check(m), checks, "{sfen}: gives_check({m})");
        let mover = pos.side_to_move();
        let predicted = pos.keys_after(m);
        pos.do_move(m);
        assert_eq!(pos.in_check(), checks, "{sfen} after {m}");
        assert_eq!(
            predicted,
            (pos.board_key(), pos.key(), pos.hand(mover)),
            "{sfen}: keys_after({m})"
        );
        pos.undo_move();
        assert_eq!(pos.to_sfen(), sfen);
        assert_eq!((pos.board_key(), pos.hand_key()), before_keys);
    }
    // Pseudo-legal moves that are not legal are rejected by is_legal.
    for m in naive.pseudo_moves() {
        if !expected.contains(&m) {
            assert!(!pos.is_legal(m), "{sfen}: is_legal accepts {m}");
        }
    }
    // So is any packed move (is_legal judges a move by the rules, apart
    // from the generator): a sample of them at each position.
    for _ in 0..256 {
        if let Some(m) = Move::from_raw(rng.next() as u16) {
            assert_eq!(
                pos.is_legal(m),
                expected.contains(&m),
                "{sfen}: is_legal({m})"
            );
        }
    }
    if generated.is_empty() {
        None
    } else {
        Some(generated[(rng.next() % generated.len() as u64) as usize])
    }
}

fn playout(start: usize, seed: u64, plies: usize) {
    let mut pos = Position::from_sfen(STARTS[start % STARTS.len()]).unwrap();
    let mut rng = Rng(seed | 1);
    let initial = pos.to_sfen();
    let mut played = 0;
    for _ in 0..plies {
        match check_position(&mut pos, &mut rng) {
            Some(m) => {
                pos.do_move(m);
                played += 1;
            }
            None => break,
        }
    }
    // Undoing the whole playout returns to the start.
    for _ in 0..played {
        pos.undo_move().unwrap();
    }
    assert_eq!(pos.to_sfen(), initial);
    assert_eq!(pos.undo_move(), None);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_agree_with_naive_engine(start in 0usize..64, seed in any::<u64>(), plies in 1usize..40) {
        playout(start, seed, plies);
    }
}

#[test]
fn every_start_is_checked() {
    for (i, _) in STARTS.iter().enumerate() {
        playout(i, 0x1234_5678 + i as u64, 12);
    }
}

#[test]
fn pawn_drop_mate_is_not_generated() {
    // P*1b would mate: the king on 1a cannot take (the silver on 1c guards
    // 1b) and cannot flee (2a holds its own lance, the lance on 2h covers
    // 2b).
    let pos = Position::from_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1").unwrap();
    let m = Move::from_usi("P*1b").unwrap();
    assert!(!pos.legal_moves().contains(m));
    assert!(!pos.is_legal(m));
    assert!(pos.is_pawn_drop_mate(m.to()));
}

#[test]
fn pawn_drop_check_that_a_pinned_defender_can_answer_is_legal() {
    // White king 1a, White gold 1c pinned on the 1-file by Black's lance on
    // 1i. After P*1b the king cannot flee (the silver on 3c covers 2b) nor
    // take (the knight on 2d guards 1b), but the pinned gold may take the
    // pawn because it stays on its pin line. So the drop is not mate.
    let pos = Position::from_sfen("7nk/9/6S1g/7N1/9/9/9/9/K7L b RP 1").unwrap();
    let m = Move::from_usi("P*1b").unwrap();
    assert!(pos.gives_check(m));
    assert!(!pos.is_pawn_drop_mate(m.to()));
    assert!(pos.legal_moves().contains(m));
    // With the gold pinned diagonally instead (bishop on 4d, gold on 2b
    // taking from the side is off its pin line) the same drop mates.
    let pos = Position::from_sfen("7nk/7g1/9/5B1N1/9/9/9/9/K8 b RP 1").unwrap();
    let m = Move::from_usi("P*1b").unwrap();
    assert!(pos.gives_check(m));
    assert!(pos.is_pawn_drop_mate(m.to()), "{}", pos.diagram());
    assert!(!pos.legal_moves().contains(m));
}

#[test]
fn relaxed_positions_generate_exactly_the_legal_moves() {
    // Positions that only the relaxed reader accepts (randomly drawn
    // problem sets contain them): a Black pawn on rank 一 and a White pawn
    // on rank 九, which must never be shifted into the next file, dead
    // lances and knights, and two pawns on a file.
    for sfen in [
        "P3k3p/9/9/9/9/9/9/9/p3K3P b - 1",
        "P3k3p/9/9/9/9/9/9/9/p3K3P w - 1",
        "4k2NL/9/9/9/9/9/9/9/ln2K4 b P 1",
        "4k4/9/4P4/9/4P4/9/9/9/4K4 b P 1",
        "4k4/9/4p4/9/4p4/9/9/9/4K4 w p 1",
    ] {
        let pos = Position::from_sfen_relaxed(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        assert!(
            Position::from_sfen(sfen).is_err(),
            "{sfen} should be refused by the strict reader"
        );
        let naive = Naive::from(&pos);
        let expected = sorted(naive.legal_moves(true));
        assert_eq!(sorted(pos.legal_moves().to_vec()), expected, "{sfen}");
        assert_eq!(pos.count_legal_moves(), expected.len(), "{sfen}");
        for raw in 0..=u16::MAX {
            if let Some(m) = Move::from_raw(raw) {
                assert_eq!(pos.is_legal(m), expected.contains(&m), "{sfen}: {m}");
            }
        }
    }
}

/// Every packed move of many positions (the starts, checks and evasions,
/// pins, drops, promotions): `is_legal` judges each exactly as the list
/// of legal moves has it.
#[test]
fn is_legal_agrees_with_the_legal_moves_on_every_packed_move() {
    let mut seen = 0;
    for (i, start) in STARTS.iter().enumerate() {
        let mut pos = Position::from_sfen(start).unwrap();
        let mut rng = Rng((i as u64 + 7).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for ply in 0..40 {
            let legal = pos.legal_moves();
            if ply % 8 == 0 {
                let expected: std::collections::HashSet<Move> = legal.iter().copied().collect();
                for raw in 0..=u16::MAX {
                    if let Some(m) = Move::from_raw(raw) {
                        assert_eq!(
                            pos.is_legal(m),
                            expected.contains(&m),
                            "{}: {m}",
                            pos.to_sfen()
                        );
                    }
                }
                seen += 1;
            }
            if legal.is_empty() {
                break;
            }
            pos.do_move(legal[(rng.next() % legal.len() as u64) as usize]);
        }
    }
    assert!(seen >= 20, "{seen}");
}
