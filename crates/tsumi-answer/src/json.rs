//! One-line JSON output with serde_json, spaced as `{"key": value, "k2": [a, b]}`
//! (the form the documentation shows), rather than serde_json's compact
//! `{"key":value}`: the lines of `tsumi solve --json` and of the results
//! files that `tsumi solve --out` and Python's `tsumi.batch` write. serde_json
//! does the escaping and number formatting.

use serde::Serialize;
use std::io;

/// serde_json's compact formatter with a space after each `:` and `,`.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
}

/// `value` as one line of JSON (no trailing newline).
pub fn line<T: Serialize>(value: &T) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Spaced);
    value
        .serialize(&mut ser)
        .expect("the records serialize without error");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Sample<'a> {
        name: &'a str,
        length: Option<u32>,
        pv: Vec<&'a str>,
        seconds: f64,
    }

    #[test]
    fn spaced_one_line_and_escaped() {
        let s = Sample {
            name: "a \"b\"\\\t\u{1}詰",
            length: None,
            pv: vec!["G*5b", "5a4b"],
            seconds: 0.25,
        };
        let text = line(&s);
        assert_eq!(
            text,
            r#"{"name": "a \"b\"\\\t\u0001詰", "length": null, "pv": ["G*5b", "5a4b"], "seconds": 0.25}"#
        );
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["name"], "a \"b\"\\\t\u{1}詰");
    }
}
