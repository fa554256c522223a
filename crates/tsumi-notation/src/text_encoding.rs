//! Decoding notation files: UTF-8 or Shift_JIS.
//!
//! Shogi files come in two encodings. KIF files written by older Windows
//! programs are Shift_JIS (strictly, Microsoft's code page 932, which is
//! what the WHATWG "Shift_JIS" decoder implements); `.kifu` files and CSA
//! V3.0 files are UTF-8. The rule applied here: a UTF-8 byte-order mark,
//! or bytes that are valid UTF-8, mean UTF-8; anything else is decoded as
//! Shift_JIS, and bytes that are not valid Shift_JIS either are an error
//! naming the line. Text that is pure ASCII is the same in both.

use crate::notation_error::{codes, NotationError};

/// The encoding a file turned out to be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8 (with or without a byte-order mark).
    Utf8,
    /// Shift_JIS (code page 932).
    ShiftJis,
}

/// Decodes `bytes` as UTF-8 when they are valid UTF-8 or start with a
/// UTF-8 byte-order mark, else as Shift_JIS. With `utf8_only` (for
/// `.kifu` files and the like) bytes that are not UTF-8 are an error
/// instead. A leading byte-order mark is removed.
pub fn decode_text(bytes: &[u8], utf8_only: bool) -> Result<(String, TextEncoding), NotationError> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(NotationError::coded_at(
            1,
            codes::UTF16,
            Vec::new(),
            "the text is UTF-16, which is not supported (save it as UTF-8 or Shift_JIS)",
        ));
    }
    if let Some(rest) = bytes.strip_prefix(BOM) {
        return match std::str::from_utf8(rest) {
            Ok(s) => Ok((s.to_string(), TextEncoding::Utf8)),
            Err(e) => Err(invalid_utf8(rest, e.valid_up_to())),
        };
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok((s.to_string(), TextEncoding::Utf8)),
        Err(e) if utf8_only => Err(invalid_utf8(bytes, e.valid_up_to())),
        Err(_) => {
            let (text, had_errors) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes);
            if had_errors {
                // Find the first line that does not decode, to name it.
                let line = bytes
                    .split(|&b| b == b'\n')
                    .position(|l| encoding_rs::SHIFT_JIS.decode_without_bom_handling(l).1)
                    .map_or(1, |i| i + 1);
                return Err(NotationError::coded_at(
                    line,
                    codes::BAD_ENCODING,
                    Vec::new(),
                    "the text is neither valid UTF-8 nor valid Shift_JIS",
                ));
            }
            Ok((text.into_owned(), TextEncoding::ShiftJis))
        }
    }
}

fn invalid_utf8(bytes: &[u8], valid_up_to: usize) -> NotationError {
    let line = bytes[..valid_up_to].iter().filter(|&&b| b == b'\n').count() + 1;
    NotationError::coded_at(
        line,
        codes::NOT_UTF8,
        Vec::new(),
        "the text is not valid UTF-8",
    )
}

/// Encodes text as Shift_JIS (for writing files for older programs and
/// for tests). Characters Shift_JIS cannot represent are an error naming
/// the first of them.
pub fn encode_shift_jis(text: &str) -> Result<Vec<u8>, NotationError> {
    let (bytes, _, had_errors) = encoding_rs::SHIFT_JIS.encode(text);
    if had_errors {
        let bad = text
            .chars()
            .find(|c| {
                let mut buf = [0u8; 4];
                encoding_rs::SHIFT_JIS.encode(c.encode_utf8(&mut buf)).2
            })
            .unwrap_or('?');
        return Err(NotationError::coded(
            crate::notation_error::codes::NOT_SHIFT_JIS,
            vec![("char", bad.to_string())],
            format!("'{bad}' cannot be written in Shift_JIS"),
        ));
    }
    Ok(bytes.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_encodings() {
        let text = "作品名：驚愕の曠野\n手数：59\n";
        let (s, e) = decode_text(text.as_bytes(), false).unwrap();
        assert_eq!((s.as_str(), e), (text, TextEncoding::Utf8));
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode_text(&bom, true).unwrap().0, text);
        let sjis = encode_shift_jis(text).unwrap();
        assert_ne!(sjis, text.as_bytes());
        let (s, e) = decode_text(&sjis, false).unwrap();
        assert_eq!((s.as_str(), e), (text, TextEncoding::ShiftJis));
        let err = decode_text(&sjis, true).unwrap_err();
        assert!(err
            .to_string()
            .contains("line 1: the text is not valid UTF-8"));
    }

    #[test]
    fn utf16_is_refused() {
        let err = decode_text(b"\xFF\xFEa\x00", false).unwrap_err();
        assert!(err.message.contains("UTF-16"));
    }

    #[test]
    fn invalid_bytes_name_the_line() {
        // 0x81 followed by a newline is a broken Shift_JIS double byte and
        // not UTF-8 either.
        let err = decode_text(b"ok\nok\n\x81\n", false).unwrap_err();
        assert_eq!(err.line, Some(3));
        assert!(err.message.contains("neither"));
    }
}
