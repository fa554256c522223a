//! `tsumi diagram`: a problem's diagram (図面) for publication, as SVG
//! (tsumi-answer's renderer) and PNG (that SVG drawn by resvg).

use std::io::Write;
use std::path::PathBuf;
use tsumi_answer::diagram::{svg, DiagramOptions, FONT_FAMILIES};
use tsumi_core::Position;
use tsumi_notation::problem::{read_problems, Problem};

/// Draw a problem's diagram (図面) as SVG or PNG, for publication.
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
/// its layout depends on no font. --png draws that SVG as a PNG (--scale
/// pixels per unit, 3 by default: 1500 pixels wide) with the system's
/// fonts, and needs one of those Japanese fonts installed (on Debian:
/// apt-get install fonts-noto-cjk). With neither --svg nor --png the SVG
/// goes to standard output.
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
    /// Where to write the SVG.
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    /// Where to write the PNG.
    #[arg(long, value_name = "PATH")]
    pub png: Option<PathBuf>,
    /// Pixels of the PNG per unit of the SVG.
    #[arg(long, value_name = "X", default_value_t = 3.0, value_parser = scale)]
    pub scale: f32,
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

/// A scale from 0.1 to 20 (a diagram of 10 000 pixels a side at most).
fn scale(s: &str) -> Result<f32, String> {
    let x: f32 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if (0.1..=20.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not between 0.1 and 20"))
    }
}

/// `svg` drawn as a PNG at `scale` pixels per unit, with the system's
/// fonts; an error when none of the Japanese fonts the diagram asks for
/// is installed (the kanji would be left out).
fn png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let found = options.fontdb.faces().any(|face| {
        face.families
            .iter()
            .any(|(name, _)| FONT_FAMILIES.contains(&name.as_str()))
    });
    if !found {
        return Err(format!(
            "--png needs a Japanese font and none is installed (one of {}; on Debian: apt-get install fonts-noto-cjk)",
            FONT_FAMILIES.join(", ")
        ));
    }
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the SVG: {e}"))?;
    let size = tree.size();
    let (w, h) = (
        (size.width() * scale).ceil() as u32,
        (size.height() * scale).ceil() as u32,
    );
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or("the PNG would be empty")?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| format!("the PNG: {e}"))
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
    let write = |path: &PathBuf, bytes: &[u8]| {
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    if let Some(path) = &args.png {
        write(path, &png(&text, args.scale)?)?;
    }
    match &args.svg {
        Some(path) => write(path, text.as_bytes())?,
        None if args.png.is_none() => std::io::stdout().lock().write_all(text.as_bytes())?,
        None => {}
    }
    Ok(())
}
