//! A record as a tree: a main line, branches off it at any move, branches
//! off those at any depth, and a comment on the start and on any move.
//!
//! The tree is held as KIF holds it, line by line: a record's main line
//! (its moves and comments, in [`crate::kif::KifRecord`]) and its
//! [`Branch`]es, each a line of its own with its comments and the branches
//! off it. A move is numbered from the start of the record (move 1 is the
//! first), in a branch as in the main line, so a branch at move `n`
//! replaces move `n` of the line it leaves, and its moves are numbered
//! `n`, `n + 1`, ….
//!
//! - [`insert_line`] adds a line played from before some move of the main
//!   line, sharing the moves it has in common with the tree, so that two
//!   lines that part later become a branch off a branch.
//! - [`comment_move`] puts a comment on the move a line ends with.
//! - [`flat_branches`] gives each branch as the whole line from where it
//!   leaves the main line (the flat form of [`crate::problem::Problem::variations`]).
//! - [`every_line`] gives each line of the tree from the start, with the
//!   word that ends it.
//! - [`kif_order`] lists the branches in the order Kifu for Windows writes
//!   their `変化` sections.
//! - [`LineRef`] is one line of the tree (the main line or a branch) as a
//!   walk through the tree move by move sees it, and [`comment_at`] the
//!   comment on one move.

use tsumi_core::moves::Move;

/// A branch: from the position before move `ply` of the line it leaves,
/// `moves` are played instead of that line's move `ply` and the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// The move number (1-based, from the start of the record) that the
    /// branch's first move replaces.
    pub ply: usize,
    /// The branch's moves, the first numbered `ply`.
    pub moves: Vec<Move>,
    /// Comments on the branch's moves: `(number of the move, text)`, the
    /// number between `ply` and `ply + moves.len() - 1`; a move may have
    /// several lines.
    pub comments: Vec<(usize, String)>,
    /// The word that ends the branch (`詰み`), if any.
    pub result: Option<String>,
    /// Branches off this branch, each at a move after the branch's first.
    pub branches: Vec<Branch>,
}

impl Branch {
    /// A branch of `moves` at move `ply`, with no comment, end word or
    /// branch of its own.
    pub fn new(ply: usize, moves: Vec<Move>) -> Branch {
        Branch {
            ply,
            moves,
            comments: Vec::new(),
            result: None,
            branches: Vec::new(),
        }
    }

    /// The branch's move number `n`, if it has one.
    pub fn move_number(&self, n: usize) -> Option<Move> {
        n.checked_sub(self.ply)
            .and_then(|i| self.moves.get(i))
            .copied()
    }
}

/// Adds `line`, played from the position before move `ply` of `main`, to
/// the tree of `main` (whose comments are `main_comments`) and its
/// `branches`: the moves it shares with a line of the tree are not added
/// again; where it parts from one, it becomes a branch there (a branch off
/// a branch when it parts from a branch); where it goes on past a line's
/// end, that line is extended. Returns whether anything was added:
/// nothing is when `ply` is not between 1 and `main.len() + 1`.
pub fn insert_line(
    main: &mut Vec<Move>,
    branches: &mut Vec<Branch>,
    ply: usize,
    line: &[Move],
) -> bool {
    if ply == 0 || ply > main.len() + 1 {
        return false;
    }
    insert_into(main, 1, branches, ply, line)
}

fn insert_into(
    moves: &mut Vec<Move>,
    first: usize,
    branches: &mut Vec<Branch>,
    ply: usize,
    line: &[Move],
) -> bool {
    for (j, &m) in line.iter().enumerate() {
        let n = ply + j;
        let Some(&here) = moves.get(n - first) else {
            moves.extend_from_slice(&line[j..]);
            return true;
        };
        if here == m {
            continue;
        }
        if let Some(b) = branches
            .iter_mut()
            .find(|b| b.ply == n && b.moves.first() == Some(&m))
        {
            return insert_into(&mut b.moves, n, &mut b.branches, n, &line[j..]);
        }
        let at = branches.partition_point(|b| b.ply <= n);
        branches.insert(at, Branch::new(n, line[j..].to_vec()));
        return true;
    }
    false
}

/// Orders each list of branches in the tree by the move they replace,
/// keeping the order of branches at the same move (the order
/// [`insert_line`] keeps).
pub fn sort_by_ply(branches: &mut [Branch]) {
    branches.sort_by_key(|b| b.ply);
    for b in branches {
        sort_by_ply(&mut b.branches);
    }
}

/// Puts the comment `text` on the last move of `line`, played from before
/// move `ply` of `main`, a line of the tree (as [`insert_line`] adds it);
/// `line` empty means the position before move `ply`, which must be the
/// start (`ply` 1). Returns false, changing nothing, when the tree has no
/// such line.
pub fn comment_move(
    main: &[Move],
    main_comments: &mut Vec<(usize, String)>,
    branches: &mut [Branch],
    ply: usize,
    line: &[Move],
    text: &str,
) -> bool {
    if ply == 0 {
        return false;
    }
    let Some(comments) = comments_of(main, 1, main_comments, branches, ply, line) else {
        return false;
    };
    comments.push((ply + line.len() - 1, text.to_string()));
    true
}

fn comments_of<'a>(
    moves: &[Move],
    first: usize,
    comments: &'a mut Vec<(usize, String)>,
    branches: &'a mut [Branch],
    ply: usize,
    line: &[Move],
) -> Option<&'a mut Vec<(usize, String)>> {
    if line.is_empty() {
        return (ply == 1 && first == 1).then_some(comments);
    }
    match holder(moves, first, branches, ply, line)? {
        Some(b) => Some(&mut b.comments),
        None => Some(comments),
    }
}

/// Where the last move of `line` (played from before move `ply` of the
/// line of `moves`, whose first move is number `first`) is in the tree:
/// `Some(None)` on that line itself, `Some(Some(b))` on the branch `b`,
/// `None` nowhere.
fn holder<'a>(
    moves: &[Move],
    first: usize,
    branches: &'a mut [Branch],
    ply: usize,
    line: &[Move],
) -> Option<Option<&'a mut Branch>> {
    let path = path_to(moves, first, branches, ply, line)?;
    let Some((&last, above)) = path.split_last() else {
        return Some(None);
    };
    let mut level = branches;
    for &i in above {
        level = &mut level[i].branches;
    }
    Some(Some(&mut level[last]))
}

/// The indices, level by level, of the branches `line` runs into (see
/// [`holder`]); empty when it stays on the line of `moves`.
fn path_to(
    moves: &[Move],
    first: usize,
    branches: &[Branch],
    ply: usize,
    line: &[Move],
) -> Option<Vec<usize>> {
    for (j, &m) in line.iter().enumerate() {
        let n = ply + j;
        if moves.get(n - first) == Some(&m) {
            continue;
        }
        let i = branches
            .iter()
            .position(|b| b.ply == n && b.moves.first() == Some(&m))?;
        let b = &branches[i];
        let mut path = vec![i];
        path.extend(path_to(&b.moves, n, &b.branches, n, &line[j..])?);
        return Some(path);
    }
    Some(Vec::new())
}

/// The branch that holds the last move of `line`, played from before move
/// `ply` of `main`; `None` when that move is on the main line or the tree
/// has no such line.
pub fn branch_holding<'a>(
    main: &[Move],
    branches: &'a mut [Branch],
    ply: usize,
    line: &[Move],
) -> Option<&'a mut Branch> {
    if ply == 0 {
        return None;
    }
    holder(main, 1, branches, ply, line).flatten()
}

/// Every branch of the tree (depth first, a branch before the branches
/// off it), each as `(the main-line move it replaces, the whole line from
/// there)`: a branch off a branch is given from where its line leaves the
/// main line.
pub fn flat_branches(branches: &[Branch]) -> Vec<(usize, Vec<Move>)> {
    fn walk(
        branches: &[Branch],
        root: Option<(usize, &[Move])>,
        out: &mut Vec<(usize, Vec<Move>)>,
    ) {
        for b in branches {
            let (ply, mut line) = match root {
                None => (b.ply, Vec::new()),
                Some((ply, prefix)) => (ply, prefix[..b.ply - ply].to_vec()),
            };
            line.extend_from_slice(&b.moves);
            out.push((ply, line.clone()));
            walk(&b.branches, Some((ply, &line)), out);
        }
    }
    let mut out = Vec::new();
    walk(branches, None, &mut out);
    out
}

/// One line of the tree, the main line or a branch, as a walk through the
/// tree move by move sees it: its moves numbered from `first`, their
/// comments, the word that ends it and the branches off it.
#[derive(Debug, Clone, Copy)]
pub struct LineRef<'a> {
    /// The line's moves, the first numbered `first`.
    pub moves: &'a [Move],
    /// The number of the line's first move (1 for the main line).
    pub first: usize,
    /// The comments on its moves, `(number of the move, text)`.
    pub comments: &'a [(usize, String)],
    /// The word that ends it (`詰み`), if any.
    pub result: Option<&'a str>,
    /// The branches off it.
    pub branches: &'a [Branch],
}

impl<'a> LineRef<'a> {
    /// The main line of a record: its moves from move 1, comments, end
    /// word and branches ([`crate::kif::KifRecord`]'s `moves`,
    /// `comments`, `result`, `variations`).
    pub fn main(
        moves: &'a [Move],
        comments: &'a [(usize, String)],
        result: Option<&'a str>,
        branches: &'a [Branch],
    ) -> LineRef<'a> {
        LineRef {
            moves,
            first: 1,
            comments,
            result,
            branches,
        }
    }

    /// The line of branch `b`.
    pub fn of(b: &'a Branch) -> LineRef<'a> {
        LineRef {
            moves: &b.moves,
            first: b.ply,
            comments: &b.comments,
            result: b.result.as_deref(),
            branches: &b.branches,
        }
    }

    /// The branches that replace this line's move number `n`, in order.
    pub fn branches_at(&self, n: usize) -> impl Iterator<Item = LineRef<'a>> + 'a {
        self.branches
            .iter()
            .filter(move |b| b.ply == n)
            .map(LineRef::of)
    }
}

/// The comment on move number `n` of `comments` (0: on the start), its
/// lines joined by `\n`; empty when there is none.
pub fn comment_at(comments: &[(usize, String)], n: usize) -> String {
    comments
        .iter()
        .filter(|(p, _)| *p == n)
        .map(|(_, c)| c.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// One line of the tree from the start: its moves and the word that ends
/// it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullLine {
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// The word that ends the line (`詰み`), if any.
    pub result: Option<String>,
}

/// The main line and every branch's line, each from the start (the main
/// line first, then the branches depth first).
pub fn every_line(main: &[Move], main_result: Option<&str>, branches: &[Branch]) -> Vec<FullLine> {
    fn walk(parent: &[Move], branches: &[Branch], out: &mut Vec<FullLine>) {
        for b in branches {
            let mut moves = parent[..b.ply - 1].to_vec();
            moves.extend_from_slice(&b.moves);
            out.push(FullLine {
                moves: moves.clone(),
                result: b.result.clone(),
            });
            walk(&moves, &b.branches, out);
        }
    }
    let mut out = vec![FullLine {
        moves: main.to_vec(),
        result: main_result.map(str::to_string),
    }];
    walk(main, branches, &mut out);
    out
}

/// A branch as a `変化` section is written: the branch, the moves of the
/// line it leaves before it (from the start), and whether a later section
/// holds another branch at the same move of the same line (its first
/// move then ends with `+`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section<'a> {
    /// The branch.
    pub branch: &'a Branch,
    /// The moves before the branch's first, from the start.
    pub before: Vec<Move>,
    /// Another branch at the same move follows.
    pub sibling_follows: bool,
}

/// The branches in the order Kifu for Windows writes their `変化`
/// sections, the order of a walk of the tree that follows each line to its
/// end before turning back: after a line, the branches off it from the
/// last move to the first, branches at one move in their order, each
/// followed at once by the branches off it. A reader that attaches each
/// section to the line read last that has its move number rebuilds the
/// tree from it. `main` is the main line; a branch whose move number the
/// line it leaves does not have is an error naming it.
pub fn kif_order<'a>(main: &[Move], branches: &'a [Branch]) -> Result<Vec<Section<'a>>, String> {
    fn walk<'a>(
        line: &[Move],
        first: usize,
        branches: &'a [Branch],
        out: &mut Vec<Section<'a>>,
    ) -> Result<(), String> {
        let mut order: Vec<&Branch> = branches.iter().collect();
        order.sort_by_key(|b| std::cmp::Reverse(b.ply));
        for (i, b) in order.iter().enumerate() {
            if b.ply < first || b.ply > line.len() || (first > 1 && b.ply == first) {
                return Err(format!(
                    "a branch at move {} off a line of moves {}-{}",
                    b.ply,
                    first,
                    line.len()
                ));
            }
            if b.moves.is_empty() {
                return Err(format!("the branch at move {} has no move", b.ply));
            }
            if b.moves[0] == line[b.ply - 1] {
                return Err(format!(
                    "the branch at move {} repeats the line it leaves",
                    b.ply
                ));
            }
            let before = line[..b.ply - 1].to_vec();
            let mut full = before.clone();
            full.extend_from_slice(&b.moves);
            out.push(Section {
                branch: b,
                before,
                sibling_follows: order.get(i + 1).is_some_and(|n| n.ply == b.ply),
            });
            walk(&full, b.ply, &b.branches, out)?;
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(main, 1, branches, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tsumi_core::position::Position;

    fn line(pos: &Position, usi: &[&str]) -> Vec<Move> {
        let mut p = pos.clone();
        usi.iter()
            .map(|u| {
                let m = p.parse_usi_move(u).unwrap();
                p.do_move(m);
                m
            })
            .collect()
    }

    #[test]
    fn lines_share_their_common_moves() {
        let start = Position::startpos();
        let mut main = line(&start, &["7g7f", "3c3d", "2g2f", "8c8d"]);
        let mut branches = Vec::new();
        let after1 = {
            let mut p = start.clone();
            p.do_move(main[0]);
            p
        };
        // A branch at move 2, then a line that shares its first move and
        // parts at move 3: a branch off the branch.
        assert!(insert_line(
            &mut main,
            &mut branches,
            2,
            &line(&after1, &["8c8d", "2g2f"])
        ));
        assert!(insert_line(
            &mut main,
            &mut branches,
            2,
            &line(&after1, &["8c8d", "6g6f"])
        ));
        // Out of range: nothing added, no panic.
        let copy = main.clone();
        assert!(!insert_line(&mut main, &mut branches, 0, &copy));
        assert!(!insert_line(&mut main, &mut branches, 9, &copy));
        assert!(!comment_move(
            &main,
            &mut Vec::new(),
            &mut branches,
            0,
            &main,
            "x"
        ));
        // Already there: nothing added.
        assert!(!insert_line(
            &mut main,
            &mut branches,
            2,
            &line(&after1, &["8c8d"])
        ));
        // Going on past the branch's end extends it.
        assert!(insert_line(
            &mut main,
            &mut branches,
            2,
            &line(&after1, &["8c8d", "2g2f", "3c3d"])
        ));
        assert_eq!(branches.len(), 1);
        assert_eq!(branches[0].moves.len(), 3);
        assert_eq!(branches[0].branches.len(), 1);
        assert_eq!(branches[0].branches[0].ply, 3);
        assert_eq!(
            flat_branches(&branches),
            vec![
                (2, line(&after1, &["8c8d", "2g2f", "3c3d"])),
                (2, line(&after1, &["8c8d", "6g6f"])),
            ]
        );
        let lines = every_line(&main, Some("詰み"), &branches);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2].moves, line(&start, &["7g7f", "8c8d", "6g6f"]));
        // A comment on the branch off the branch, and one on the start.
        let mut comments = Vec::new();
        assert!(comment_move(
            &main,
            &mut comments,
            &mut branches,
            2,
            &line(&after1, &["8c8d", "6g6f"]),
            "x"
        ));
        assert_eq!(branches[0].branches[0].comments, vec![(3, "x".to_string())]);
        assert!(comment_move(
            &main,
            &mut comments,
            &mut branches,
            1,
            &[],
            "start"
        ));
        assert!(comment_move(
            &main,
            &mut comments,
            &mut branches,
            1,
            &main[..2],
            "main 2"
        ));
        assert_eq!(
            comments,
            vec![(0, "start".to_string()), (2, "main 2".to_string())]
        );
        assert!(!comment_move(
            &main,
            &mut comments,
            &mut branches,
            2,
            &line(&after1, &["1c1d"]),
            "y"
        ));
    }

    #[test]
    fn sections_come_deepest_first_each_followed_by_its_own() {
        let start = Position::startpos();
        let mut main = line(&start, &["7g7f", "3c3d", "2g2f", "8c8d"]);
        let mut branches = Vec::new();
        let at = |n: usize, usi: &[&str], main: &mut Vec<Move>, branches: &mut Vec<Branch>| {
            let mut p = start.clone();
            for &m in &main[..n - 1] {
                p.do_move(m);
            }
            insert_line(main, branches, n, &line(&p, usi));
        };
        at(2, &["8c8d", "2g2f", "3c3d"], &mut main, &mut branches);
        at(2, &["8c8d", "6g6f"], &mut main, &mut branches);
        at(2, &["1c1d"], &mut main, &mut branches);
        at(4, &["9c9d"], &mut main, &mut branches);
        let order = kif_order(&main, &branches).unwrap();
        let got: Vec<(usize, String, bool)> = order
            .iter()
            .map(|s| (s.branch.ply, s.branch.moves[0].to_usi(), s.sibling_follows))
            .collect();
        assert_eq!(
            got,
            vec![
                (4, "9c9d".to_string(), false),
                (2, "8c8d".to_string(), true),
                (3, "6g6f".to_string(), false),
                (2, "1c1d".to_string(), false),
            ]
        );
        // A branch that repeats its line's move is refused.
        let bad = vec![Branch::new(2, main[1..2].to_vec())];
        assert!(kif_order(&main, &bad).unwrap_err().contains("repeats"));
        let bad = vec![Branch::new(5, main[1..2].to_vec())];
        assert!(kif_order(&main, &bad).unwrap_err().contains("move 5"));
    }
}
