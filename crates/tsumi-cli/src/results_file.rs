//! The results file of `tsumi solve --out FILE.jsonl`: one JSON line per
//! problem, appended as each problem is answered, and read back by
//! `--resume` to skip the problems it already holds.
//!
//! Each line goes to the file in one `write` of the whole line with its
//! newline, on a file opened for appending, so a process stopped by Ctrl-C
//! or killed leaves only whole lines. A crash of the machine in the middle
//! of a write can still leave the last line cut short: whenever the file
//! is opened, a last line without its newline is cut off (that problem is
//! then solved again), so that the next line appended starts a line of its
//! own. The same format is written by `python -m tsumi batch`, and either
//! resumes the other's file.

use serde::Deserialize;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The fields of a result line that `--resume` reads: the problem's
/// identity and what the summary counts.
#[derive(Debug, Clone, Deserialize)]
pub struct DoneRow {
    /// The problem's name.
    pub name: String,
    /// Its position, as written by `Position::to_sfen`.
    pub sfen: String,
    /// `"mate"`, `"nomate"`, `"unknown"` or `"error"`.
    pub result: String,
    /// The mate length (0 for no mate).
    #[serde(default)]
    pub length: Option<u32>,
    /// The length is proven shortest.
    #[serde(default)]
    pub proven_shortest: bool,
    /// The published length the input gave.
    #[serde(default)]
    pub published_length: Option<u32>,
    /// Nodes searched.
    #[serde(default)]
    pub nodes: u64,
    /// Milliseconds of the solve.
    #[serde(default)]
    pub ms: u64,
}

/// The results a file already holds, by problem (name and SFEN): a problem
/// that occurs several times in the input is matched as many times.
#[derive(Debug, Default)]
pub struct Done {
    rows: HashMap<(String, String), Vec<DoneRow>>,
    /// Lines that were not result lines (left in the file, ignored).
    pub ignored: usize,
    /// Rows read.
    pub count: usize,
}

impl Done {
    /// Takes one stored result for the problem `name` with position
    /// `sfen`, if the file holds one not yet taken.
    pub fn take(&mut self, name: &str, sfen: &str) -> Option<DoneRow> {
        let rows = self.rows.get_mut(&(name.to_string(), sfen.to_string()))?;
        let row = rows.pop();
        if rows.is_empty() {
            self.rows.remove(&(name.to_string(), sfen.to_string()));
        }
        row
    }
}

/// A results file open for appending.
pub struct ResultsFile {
    file: File,
    path: PathBuf,
}

impl ResultsFile {
    /// Opens (or creates) `path` for appending, first cutting off a last
    /// line left without its newline; with `resume`, also reads the
    /// results it holds.
    pub fn open(path: &Path, resume: bool) -> Result<(ResultsFile, Done), String> {
        let name = path.display();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("{name}: {e}"))?;
        let whole = whole_lines_len(&mut file).map_err(|e| format!("{name}: {e}"))?;
        let len = file.metadata().map_err(|e| format!("{name}: {e}"))?.len();
        if whole < len {
            eprintln!(
                "{name}: the last line is cut short (the writer was stopped mid-line); it is removed and its problem solved again"
            );
            file.set_len(whole).map_err(|e| format!("{name}: {e}"))?;
        }
        let mut done = Done::default();
        if resume {
            file.seek(SeekFrom::Start(0))
                .map_err(|e| format!("{name}: {e}"))?;
            for (i, line) in BufReader::new(&file).lines().enumerate() {
                let line = line.map_err(|e| format!("{name}: {e}"))?;
                if line.trim().is_empty() {
                    continue;
                }
                match serde_json::from_str::<DoneRow>(&line) {
                    Ok(row) => {
                        done.count += 1;
                        done.rows
                            .entry((row.name.clone(), row.sfen.clone()))
                            .or_default()
                            .push(row);
                    }
                    Err(e) => {
                        eprintln!("{name}:{}: not a result line, ignored ({e})", i + 1);
                        done.ignored += 1;
                    }
                }
            }
        }
        let path = path.to_path_buf();
        Ok((ResultsFile { file, path }, done))
    }

    /// Appends `line` and its newline in one write.
    pub fn append(&mut self, line: &str) -> io::Result<()> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        self.file
            .write_all(&buf)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.path.display())))
    }
}

/// The length of the file up to and including its last newline (0 when it
/// has none).
fn whole_lines_len(file: &mut File) -> io::Result<u64> {
    let len = file.metadata()?.len();
    let mut end = len;
    let mut buf = vec![0u8; 64 << 10];
    while end > 0 {
        let start = end.saturating_sub(buf.len() as u64);
        let chunk = &mut buf[..(end - start) as usize];
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(chunk)?;
        if let Some(i) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(start + i as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tsumi-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        p
    }

    const A: &str = r#"{"name": "a", "sfen": "s1", "result": "mate", "length": 3, "proven_shortest": true, "nodes": 10, "ms": 1}"#;
    const B: &str = r#"{"name": "b", "sfen": "s2", "result": "nomate", "length": 0}"#;

    #[test]
    fn a_cut_last_line_is_removed_and_not_counted() {
        let p = temp("cut.jsonl");
        std::fs::write(&p, format!("{A}\n{B}\n{{\"name\": \"c\", \"sf")).unwrap();
        let (mut f, mut done) = ResultsFile::open(&p, true).unwrap();
        assert_eq!((done.count, done.ignored), (2, 0));
        assert_eq!(done.take("a", "s1").unwrap().length, Some(3));
        assert!(done.take("a", "s1").is_none(), "taken once only");
        assert!(done.take("c", "s3").is_none());
        f.append(B).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(text, format!("{A}\n{B}\n{B}\n"));
    }

    #[test]
    fn appending_without_resume_also_starts_on_a_new_line() {
        let p = temp("append.jsonl");
        std::fs::write(&p, format!("{A}\n{{\"na")).unwrap();
        let (mut f, done) = ResultsFile::open(&p, false).unwrap();
        assert_eq!(done.count, 0);
        f.append(B).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), format!("{A}\n{B}\n"));
        // A file that is only a cut line, and a new file.
        std::fs::write(&p, "{\"na").unwrap();
        ResultsFile::open(&p, true).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "");
        let q = temp("new.jsonl");
        let (_, done) = ResultsFile::open(&q, true).unwrap();
        assert_eq!(done.count, 0);
        assert!(q.exists());
    }

    #[test]
    fn duplicates_are_matched_as_often_as_stored_and_junk_is_ignored() {
        let p = temp("dup.jsonl");
        std::fs::write(&p, format!("{A}\nnot json\n{A}\n\n")).unwrap();
        let (_, mut done) = ResultsFile::open(&p, true).unwrap();
        assert_eq!((done.count, done.ignored), (2, 1));
        assert!(done.take("a", "s1").is_some());
        assert!(done.take("a", "s1").is_some());
        assert!(done.take("a", "s1").is_none());
    }

    #[test]
    fn a_long_file_is_scanned_back_to_its_last_newline() {
        let p = temp("long.jsonl");
        let long = "x".repeat(200_000);
        std::fs::write(&p, format!("{A}\n{long}")).unwrap();
        let mut f = File::open(&p).unwrap();
        assert_eq!(whole_lines_len(&mut f).unwrap(), A.len() as u64 + 1);
    }
}
