//! Reading one line of USI input into a [`Command`]. Pure text work: the
//! SFEN and the moves are checked later against the position.

use std::time::Duration;

/// One input line, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`
    Usi,
    /// `isready`
    IsReady,
    /// `setoption name <name> [value <value>]`
    SetOption {
        /// The option name as written.
        name: String,
        /// The value, when one was given.
        value: Option<String>,
    },
    /// `usinewgame`
    UsiNewGame,
    /// `position startpos|sfen <SFEN> [moves …]`
    Position {
        /// `None` for `startpos`, else the SFEN text.
        sfen: Option<String>,
        /// The moves as written, not yet checked.
        moves: Vec<String>,
    },
    /// `go …`
    Go(Go),
    /// `stop`
    Stop,
    /// `ponderhit`, optionally followed by the clock as in `go` (an
    /// extension some GUIs use with early pondering).
    PonderHit(Option<PlayLimits>),
    /// `gameover [win|lose|draw]`
    GameOver,
    /// `quit`
    Quit,
    /// `d`: print the current position as `info string sfen …` (a
    /// debugging aid of this engine, not part of USI).
    Display,
}

/// What `go` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// `go mate <ms>|infinite` (and bare `go mate`): a mate search
    /// answered with `checkmate …`. `None` means no time limit.
    Mate(Option<Duration>),
    /// Any other `go`: a move for a game or an analysis, answered with
    /// `bestmove …`.
    Play(PlayLimits),
}

/// The limits of a `go` without `mate`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayLimits {
    /// Black's remaining time.
    pub btime: Option<Duration>,
    /// White's remaining time.
    pub wtime: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Time per move once the main time is spent.
    pub byoyomi: Option<Duration>,
    /// A fixed time for this move (not in the USI text, sent by some
    /// tools).
    pub movetime: Option<Duration>,
    /// A node limit for this search.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`, and answer only then.
    pub infinite: bool,
    /// `ponder`: search on the opponent's time until `ponderhit` or
    /// `stop`.
    pub ponder: bool,
}

/// Reads one line. `Ok(None)` for a blank line; an error is a message
/// naming what is wrong, for an `info string error: …` line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(head) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let no_args = |cmd: Command| {
        if let Some(extra) = rest.first() {
            Err(format!("{head}: unexpected argument '{extra}'"))
        } else {
            Ok(Some(cmd))
        }
    };
    match head {
        "usi" => no_args(Command::Usi),
        "isready" => no_args(Command::IsReady),
        "usinewgame" => no_args(Command::UsiNewGame),
        "stop" => no_args(Command::Stop),
        "ponderhit" if rest.is_empty() => Ok(Some(Command::PonderHit(None))),
        "ponderhit" => match parse_go(&rest) {
            Ok(Go::Play(l)) if !l.ponder && !l.infinite => Ok(Some(Command::PonderHit(Some(l)))),
            Ok(_) => Err("ponderhit: only clock arguments may follow".into()),
            Err(e) => Err(e.replacen("go:", "ponderhit:", 1)),
        },
        "quit" => no_args(Command::Quit),
        "d" => no_args(Command::Display),
        "setoption" => parse_setoption(&rest).map(Some),
        "position" => parse_position(&rest).map(Some),
        "go" => parse_go(&rest).map(|g| Some(Command::Go(g))),
        "gameover" => match rest.as_slice() {
            [] | ["win" | "lose" | "draw"] => Ok(Some(Command::GameOver)),
            [other] => Err(format!(
                "gameover: result must be win, lose or draw, found '{other}'"
            )),
            [_, extra, ..] => Err(format!("gameover: unexpected argument '{extra}'")),
        },
        _ => Err(format!("unknown command '{}'", clip(line.trim()))),
    }
}

/// At most 60 characters of a line, for quoting it back.
fn clip(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    let Some((&"name", after)) = rest.split_first() else {
        return Err("setoption: expected 'setoption name <name> [value <value>]'".into());
    };
    let split = after.iter().position(|&w| w == "value");
    let (name_words, value) = match split {
        Some(i) => (&after[..i], Some(after[i + 1..].join(" "))),
        None => (after, None),
    };
    if name_words.is_empty() {
        return Err("setoption: the option name is missing".into());
    }
    Ok(Command::SetOption {
        name: name_words.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<Command, String> {
    let split = rest.iter().position(|&w| w == "moves");
    let (base, moves) = match split {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let moves = moves.iter().map(|m| m.to_string()).collect();
    match base {
        ["startpos"] => Ok(Command::Position { sfen: None, moves }),
        ["startpos", extra, ..] => Err(format!(
            "position: unexpected '{extra}' after startpos (expected 'moves')"
        )),
        ["sfen"] => Err("position: the SFEN after 'sfen' is missing".into()),
        ["sfen", fields @ ..] => Ok(Command::Position {
            sfen: Some(fields.join(" ")),
            moves,
        }),
        [] => Err("position: expected 'startpos' or 'sfen <SFEN>'".into()),
        [other, ..] => Err(format!(
            "position: expected 'startpos' or 'sfen <SFEN>', found '{other}'"
        )),
    }
}

fn millis(key: &str, value: Option<&&str>) -> Result<Duration, String> {
    match value {
        None => Err(format!("go: '{key}' needs a number of milliseconds")),
        Some(v) => v
            .parse::<u64>()
            .map(Duration::from_millis)
            .map_err(|_| format!("go: '{key}' needs a number of milliseconds, found '{v}'")),
    }
}

fn parse_go(rest: &[&str]) -> Result<Go, String> {
    if rest.first() == Some(&"mate") {
        return match &rest[1..] {
            [] | ["infinite"] => Ok(Go::Mate(None)),
            [ms] => millis("mate", Some(ms)).map(|d| Go::Mate(Some(d))),
            [_, extra, ..] => Err(format!("go mate: unexpected argument '{extra}'")),
        };
    }
    let mut limits = PlayLimits::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1);
        let slot = match key {
            "btime" => &mut limits.btime,
            "wtime" => &mut limits.wtime,
            "binc" => &mut limits.binc,
            "winc" => &mut limits.winc,
            "byoyomi" => &mut limits.byoyomi,
            "movetime" => &mut limits.movetime,
            "nodes" => {
                let n = value
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| match value {
                        Some(v) => format!("go: 'nodes' needs a node count, found '{v}'"),
                        None => "go: 'nodes' needs a node count".to_string(),
                    })?;
                limits.nodes = Some(n);
                i += 2;
                continue;
            }
            "infinite" => {
                limits.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                limits.ponder = true;
                i += 1;
                continue;
            }
            "mate" => return Err("go: 'mate' must come first ('go mate <ms>')".into()),
            other => return Err(format!("go: unknown argument '{other}'")),
        };
        *slot = Some(millis(key, value)?);
        i += 2;
    }
    Ok(Go::Play(limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn err(line: &str) -> String {
        parse(line).unwrap_err()
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("usi"), Command::Usi);
        assert_eq!(ok("  isready \r"), Command::IsReady);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("ponderhit"), Command::PonderHit(None));
        assert_eq!(
            ok("ponderhit btime 10 wtime 20 byoyomi 30"),
            Command::PonderHit(Some(PlayLimits {
                btime: Some(Duration::from_millis(10)),
                wtime: Some(Duration::from_millis(20)),
                byoyomi: Some(Duration::from_millis(30)),
                ..Default::default()
            }))
        );
        assert!(err("ponderhit btime x").starts_with("ponderhit: 'btime'"));
        assert!(err("ponderhit infinite").contains("only clock arguments"));
        assert_eq!(ok("gameover lose"), Command::GameOver);
        assert_eq!(ok("gameover"), Command::GameOver);
        assert_eq!(parse("   ").unwrap(), None);
        assert!(err("isready now").contains("unexpected argument 'now'"));
        assert!(err("gameover maybe").contains("'maybe'"));
        assert!(err("frobnicate 1 2").contains("unknown command 'frobnicate 1 2'"));
    }

    #[test]
    fn setoption_names_and_values() {
        assert_eq!(
            ok("setoption name USI_Hash value 128"),
            Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("128".into())
            }
        );
        assert_eq!(
            ok("setoption name Book File value a b.db"),
            Command::SetOption {
                name: "Book File".into(),
                value: Some("a b.db".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear"),
            Command::SetOption {
                name: "Clear".into(),
                value: None
            }
        );
        assert!(err("setoption USI_Hash 1").contains("setoption name"));
        assert!(err("setoption name value 3").contains("name is missing"));
    }

    #[test]
    fn positions() {
        assert_eq!(
            ok("position startpos moves 7g7f 3c3d"),
            Command::Position {
                sfen: None,
                moves: vec!["7g7f".into(), "3c3d".into()]
            }
        );
        assert_eq!(
            ok("position sfen 4k4/9/9/9/9/9/9/9/9 b G 1"),
            Command::Position {
                sfen: Some("4k4/9/9/9/9/9/9/9/9 b G 1".into()),
                moves: vec![]
            }
        );
        assert!(err("position").contains("expected 'startpos'"));
        assert!(err("position sfen").contains("SFEN after 'sfen' is missing"));
        assert!(err("position startpos 7g7f").contains("unexpected '7g7f'"));
        assert!(err("position fen x").contains("found 'fen'"));
    }

    #[test]
    fn go_mate() {
        assert_eq!(
            ok("go mate 1500"),
            Command::Go(Go::Mate(Some(Duration::from_millis(1500))))
        );
        assert_eq!(ok("go mate infinite"), Command::Go(Go::Mate(None)));
        assert_eq!(ok("go mate"), Command::Go(Go::Mate(None)));
        assert!(err("go mate soon").contains("found 'soon'"));
        assert!(err("go mate 10 20").contains("unexpected argument '20'"));
        assert!(err("go btime 10 mate 5").contains("must come first"));
    }

    #[test]
    fn go_play() {
        let Command::Go(Go::Play(l)) = ok("go btime 60000 wtime 50000 byoyomi 10000") else {
            panic!()
        };
        assert_eq!(l.btime, Some(Duration::from_secs(60)));
        assert_eq!(l.wtime, Some(Duration::from_secs(50)));
        assert_eq!(l.byoyomi, Some(Duration::from_secs(10)));
        assert!(!l.infinite && !l.ponder);
        let Command::Go(Go::Play(l)) = ok("go ponder btime 1 wtime 2 binc 3 winc 4 nodes 99")
        else {
            panic!()
        };
        assert!(l.ponder);
        assert_eq!(
            (l.binc, l.winc),
            (
                Some(Duration::from_millis(3)),
                Some(Duration::from_millis(4))
            )
        );
        assert_eq!(l.nodes, Some(99));
        assert_eq!(
            ok("go infinite"),
            Command::Go(Go::Play(PlayLimits {
                infinite: true,
                ..Default::default()
            }))
        );
        assert_eq!(ok("go"), Command::Go(Go::Play(PlayLimits::default())));
        assert!(err("go btime").contains("'btime' needs a number"));
        assert!(err("go byoyomi -5").contains("found '-5'"));
        assert!(err("go depth 3").contains("unknown argument 'depth'"));
        assert!(err("go nodes x").contains("found 'x'"));
    }
}
