//! `tsumi diagram`: a problem's diagram (図面) for publication, as SVG.

use std::io::Write;
use std::path::PathBuf;
use tsumi_answer::diagram::{svg, DiagramOptions};
use tsumi_core::Position;
use tsumi_notation::problem::{read_problems, Problem};

/// Draw a problem's diagram (図面) as SVG, for publication.
///
/// The 詰将棋 convention: the board with file numerals (１–９, right to
/// left) and rank numerals (一–九), the attacker's hand written out
/// (持駒 金銀, or 持駒 なし), the defender's hand left out when it holds
/// every remaining piece (残り全部) and listed otherwise; a title above
/// (the record's name unless --title says otherwise), author and length
/// (手数, the record's own unless --length) below. The problem comes
/// from FILE (an SFEN line, KIF/KIFU or CSA, as tsumi solve reads them;
/// --index picks one of several) or from --sfen. The SVG is vector and
/// asks for a Japanese font by name (Noto CJK, Hiragino, Yu, IPA, MS);
/// its layout depends on no font. No PNG: a browser or any SVG tool
/// converts it (the page's 図面 PNG is drawn from the same SVG).
#[derive(Debug, clap::Args)]
pub struct DiagramArgs {
    /// A file with the problem (SFEN lines, KIF/KIFU, CSA).
    #[arg(
        value_name = "FILE",
        required_unless_present = "sfen",
        conflicts_with = "sfen"
    )]
    pub file: Option<PathBuf>,
    /// The problem as an SFEN instead of a file.
    #[arg(long, value_name = "SFEN")]
    pub sfen: Option<String>,
    /// Which problem of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub index: u32,
    /// Where to write the SVG (standard output without it).
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    /// The title (default: the record's name; "" for none).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// The author, written below the board.
    #[arg(long, value_name = "TEXT")]
    pub author: Option<String>,
    /// The length written below the board (N手詰; default: the record's).
    #[arg(long, value_name = "PLIES")]
    pub length: Option<u32>,
}

/// The name a record gives itself, not the one made up from where it is.
fn own_name(p: &Problem) -> Option<String> {
    let made_up = [
        format!("{}:{}", p.source.file, p.source.line),
        format!("line {}", p.source.line),
    ];
    (!p.name.is_empty() && !made_up.contains(&p.name)).then(|| p.name.clone())
}

pub fn run(args: DiagramArgs) -> Result<(), Box<dyn std::error::Error>> {
    let (position, name, length): (Position, Option<String>, Option<u32>) =
        match (&args.sfen, &args.file) {
            (Some(s), _) => (
                Position::from_sfen(s).map_err(|e| format!("--sfen: {e}"))?,
                None,
                None,
            ),
            (None, Some(f)) => {
                let problems = read_problems(f)?;
                let n = problems.len();
                let p = problems
                    .into_iter()
                    .nth(args.index as usize - 1)
                    .ok_or_else(|| {
                        format!(
                            "{}: --index {} but the file has {n} problem{}",
                            f.display(),
                            args.index,
                            if n == 1 { "" } else { "s" }
                        )
                    })?;
                (p.position.clone(), own_name(&p), p.length)
            }
            (None, None) => return Err("give a FILE or --sfen".into()),
        };
    let options = DiagramOptions {
        title: args.title.or(name),
        author: args.author,
        length: args.length.or(length),
    };
    let text = svg(&position, &options);
    match &args.svg {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}
