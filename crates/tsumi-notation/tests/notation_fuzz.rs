//! Deterministic fuzzing of every notation reader: truncated and mutated
//! versions of real and hand-written files, and random bytes, must give
//! `Ok` or `Err`, never a panic (the test profile keeps debug assertions
//! on, so inconsistent states trip them too). Whatever reads successfully
//! must also survive writing and reading again unchanged.

use tsumi_core::Position;
use tsumi_notation::csa;
use tsumi_notation::japanese;
use tsumi_notation::kif;
use tsumi_notation::problem;

const SAMPLE_KIF: &str = include_str!("data/formats/kyogaku-no-koya-59.kif");

const CSA: &str = "'CSA encoding=UTF-8
V3.0
N+a
N-b
$EVENT:e
P1 *  *  *  * -OU *  *  *  * 
P2 *  *  *  *  *  *  *  *  * 
P3 *  *  *  *  *  *  *  *  * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7 *  *  *  *  *  *  *  *  * 
P8 *  *  *  *  *  *  *  *  * 
P9 *  *  *  *  *  *  *  *  * 
P+00KA00KI00KI00KI00KI00GI00GI00FU00FU00FU00FU00FU00FU00FU00FU00FU
P-00AL
+
+0033KA,T1
-0042KA
+3342UM
T2.5
-5142OU
%TORYO
/
PI82HI22KA
-
-5142OU
+7776FU
";

const SFEN: &str = "# set
4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1\tkyogaku
sfen 9/4k4/9/9/9/4P4/9/9/9 b RNPr2b4g4s3n4l16p 1
position sfen 4k4/9/9/9/9/9/9/9/9 b R 1 moves R*5c 5a4a
position startpos moves 7g7f 3c3d
";

/// Pieces of text that make mutations land on interesting paths.
const TOKENS: [&str; 48] = [
    "歩",
    "香",
    "桂",
    "銀",
    "金",
    "角",
    "飛",
    "玉",
    "と",
    "杏",
    "圭",
    "全",
    "馬",
    "龍",
    "成",
    "不成",
    "打",
    "同　",
    "右",
    "左",
    "直",
    "上",
    "引",
    "寄",
    "十",
    "二",
    "九",
    "|",
    "v",
    "：",
    "\n",
    "+",
    "-",
    "P",
    "00AL",
    ",",
    "T",
    "%",
    "(",
    ")",
    "・",
    "残り全部",
    "後手の持駒：",
    "手数----",
    "*",
    "#",
    "/",
    "moves ",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Feeds bytes to every reader; checks write/read round trips of
/// whatever is accepted. Returns how many records the KIF and CSA readers
/// accepted.
fn feed(bytes: &[u8]) -> usize {
    let mut accepted = 0;
    if let Ok(r) = kif::parse_kif_bytes(bytes, None) {
        accepted += 1;
        let text = kif::to_kif(&r).expect("a record that was read can be written");
        let back = kif::parse_kif(&text, None)
            .unwrap_or_else(|e| panic!("written KIF does not read back: {e}\n{text}"));
        assert_eq!(back.start, r.start, "{text}");
        assert_eq!(back.moves, r.moves, "{text}");
        assert_eq!(back.headers, r.headers, "{text}");
    }
    if let Ok(all) = csa::parse_csa_bytes(bytes, None) {
        for r in all {
            accepted += 1;
            let text = csa::to_csa(&r).expect("a record that was read can be written");
            let back = csa::parse_csa(&text, None)
                .unwrap_or_else(|e| panic!("written CSA does not read back: {e}\n{text}"));
            assert_eq!(back.start, r.start, "{text}");
            assert_eq!(back.moves, r.moves, "{text}");
            assert_eq!(back.headers, r.headers, "{text}");
        }
    }
    for hint in [
        None,
        Some("x.kif"),
        Some("x.kifu"),
        Some("x.csa"),
        Some("x.sfen"),
    ] {
        if let Ok(ps) = problem::parse_problems(bytes, hint) {
            for p in ps {
                // A position a reader returned passes validation again.
                let mut q = p.position.clone();
                assert!(q.validate().is_ok(), "{q:?}");
            }
        }
    }
    accepted
}

fn mutate(rng: &mut Rng, base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if !v.is_empty() => {
                let i = at.min(v.len() - 1);
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                v.splice(at..at, t.iter().copied());
            }
            2 => {
                let end = (at + rng.below(12)).min(v.len());
                v.drain(at..end);
            }
            3 => {
                // Duplicate or drop a whole line.
                let text = String::from_utf8_lossy(&v).into_owned();
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = rng.below(lines.len());
                    if rng.below(2) == 0 {
                        lines.insert(i, lines[i]);
                    } else {
                        lines.remove(i);
                    }
                }
                v = lines.join("\n").into_bytes();
            }
            4 => {
                let b = rng.next() as u8;
                v.insert(at, b);
            }
            _ => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                let end = (at + t.len()).min(v.len());
                v.splice(at..end, t.iter().copied());
            }
        }
    }
    v
}

#[test]
fn truncations_never_panic() {
    for base in [SAMPLE_KIF, CSA, SFEN] {
        let bytes = base.as_bytes();
        // Every byte length, including cuts inside a UTF-8 character
        // (which then read as Shift_JIS or fail).
        let step = if bytes.len() > 1500 { 3 } else { 1 };
        for n in (0..=bytes.len()).step_by(step) {
            let _ = feed(&bytes[..n]);
        }
    }
}

#[test]
fn mutations_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for base in [SAMPLE_KIF, CSA, SFEN] {
        let mut accepted = 0;
        for _ in 0..2000 {
            let m = mutate(&mut rng, base.as_bytes());
            accepted += feed(&m);
        }
        // Many mutations leave a readable file, whose round trip is then
        // checked too.
        assert!(base == SFEN || accepted > 100, "{accepted}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(12345);
    for _ in 0..2000 {
        let n = rng.below(200);
        let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        let _ = feed(&bytes);
    }
}

#[test]
fn random_move_text_never_panics() {
    let positions = [
        Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1").unwrap(),
        Position::from_sfen("k8/3G5/3G1G3/9/9/9/9/9/K8 b 2P 1").unwrap(),
        Position::startpos(),
    ];
    let mut rng = Rng(777);
    let mut accepted = 0;
    for _ in 0..20000 {
        let mut s = String::new();
        for _ in 0..rng.below(6) {
            match rng.below(3) {
                0 => s.push(char::from_u32(0xFF10 + rng.below(11) as u32).unwrap_or('?')),
                1 => s.push_str(["一", "二", "三", "五", "九", "1", "5", "9"][rng.below(8)]),
                _ => s.push_str(TOKENS[rng.below(TOKENS.len())]),
            }
        }
        for p in &positions {
            let prev = Some(tsumi_core::Square::from_usi("5b").unwrap());
            if let Ok(m) = japanese::parse_japanese_move(p, &s, prev) {
                assert!(p.is_legal(m), "{s} -> {m} in {p:?}");
                accepted += 1;
            }
        }
    }
    // The generator does produce real moves now and then.
    assert!(accepted > 0);
}
