//! The one line reader, number parser and word shortener behind every
//! text format the crate reads: Matrix Market, `L R M` edge lists, the
//! Library Checker and assignment formats, board text and judge input.

use std::io::{BufRead, Read};

/// The longest line the file readers accept, in bytes, not counting its
/// line ending: 1 MiB.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 20;

/// The UTF-8 byte-order mark, skipped where an input starts with it.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `text` without a leading UTF-8 byte-order mark.
pub(crate) fn strip_bom(text: &[u8]) -> &[u8] {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The input's lines, numbered from 1, without their line ending (`\n`,
/// `\r\n`, mixed; the last line needs none), a leading byte-order mark
/// skipped. A line longer than the limit stops the reading with
/// [`LineError::TooLong`], having read no further than the limit.
pub(crate) struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    limit: usize,
    /// Where the last line returned lies in `buf`.
    current: std::ops::Range<usize>,
    /// The number of the last line returned (0 before the first).
    pub(crate) number: usize,
    /// Bytes read so far, line endings included.
    pub(crate) bytes: usize,
}

/// Why [`Lines::next_line`] stopped.
#[derive(Debug)]
pub(crate) enum LineError {
    /// Reading failed on line `line`.
    Io(usize, std::io::Error),
    /// Line `line` is longer than the limit.
    TooLong(usize),
}

impl<R: BufRead> Lines<R> {
    /// Lines of at most `limit` bytes each.
    pub(crate) fn new(reader: R, limit: usize) -> Self {
        Lines {
            reader,
            buf: Vec::new(),
            limit,
            current: 0..0,
            number: 0,
            bytes: 0,
        }
    }

    /// The next line, or `None` at the end of the input.
    pub(crate) fn next_line(&mut self) -> Result<Option<&[u8]>, LineError> {
        self.buf.clear();
        self.current = 0..0;
        // One byte past the longest line with its `\n`: enough to tell a
        // line that is too long, never more.
        let cap = u64::try_from(self.limit.saturating_add(2)).unwrap_or(u64::MAX);
        let read = self
            .reader
            .by_ref()
            .take(cap)
            .read_until(b'\n', &mut self.buf)
            .map_err(|e| LineError::Io(self.number + 1, e))?;
        if read == 0 {
            return Ok(None);
        }
        self.bytes = self.bytes.saturating_add(read);
        self.number += 1;
        let (start, end) = content(&self.buf, self.number == 1);
        if end - start > self.limit {
            return Err(LineError::TooLong(self.number));
        }
        self.current = start..end;
        Ok(Some(&self.buf[start..end]))
    }

    /// The last line [`next_line`](Self::next_line) returned.
    pub(crate) fn current(&self) -> &[u8] {
        &self.buf[self.current.clone()]
    }
}

/// Where a raw line's content lies: without its `\n` or `\r\n` (or a
/// lone `\r` ending the input), and, on the first line, without a
/// byte-order mark. The one rule for line endings of every reader.
fn content(raw: &[u8], first: bool) -> (usize, usize) {
    let start = if first && raw.starts_with(BOM) {
        BOM.len()
    } else {
        0
    };
    let mut end = raw.len();
    if end > start && raw[end - 1] == b'\n' {
        end -= 1;
    }
    if end > start && raw[end - 1] == b'\r' {
        end -= 1;
    }
    (start, end)
}

/// The lines of text already in memory, borrowed rather than copied, by
/// the same rules as [`Lines`] (without its length limit).
pub(crate) fn slice_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = text;
    let mut first = true;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let len = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(rest.len(), |p| p + 1);
        let (raw, tail) = rest.split_at(len);
        rest = tail;
        let (start, end) = content(raw, std::mem::replace(&mut first, false));
        Some(&raw[start..end])
    })
}

/// A decimal number of ASCII digits only (no sign, no spaces), or `None`
/// if it is not one or does not fit a `usize`.
pub(crate) fn parse_decimal(word: &[u8]) -> Option<usize> {
    usize::try_from(parse_u64(word)?).ok()
}

/// A decimal number of ASCII digits only (no sign, no spaces), or `None`
/// if it is not one or does not fit a `u64`.
pub(crate) fn parse_u64(word: &[u8]) -> Option<u64> {
    if word.is_empty() {
        return None;
    }
    word.iter().try_fold(0u64, |n, &d| {
        let digit = d.checked_sub(b'0').filter(|&d| d < 10)?;
        n.checked_mul(10)?.checked_add(u64::from(digit))
    })
}

/// An integer: ASCII digits after an optional `+` or `-`, as the standard
/// library's `i64::from_str` reads it, returned as (negative, magnitude);
/// `None` if it is not one or its magnitude does not fit a `u64`.
pub(crate) fn parse_signed(word: &[u8]) -> Option<(bool, u64)> {
    let (negative, digits) = match word.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, word),
    };
    Some((negative, parse_u64(digits)?))
}

/// A word parsed by `T`'s [`FromStr`](std::str::FromStr) (floats: decimal
/// or exponent notation, `inf`, `infinity`, `nan` in any case), or `None`
/// if it is not UTF-8 or does not parse.
pub(crate) fn parse_str<T: std::str::FromStr>(word: &[u8]) -> Option<T> {
    std::str::from_utf8(word).ok()?.parse().ok()
}

/// Input text for an error message: at most 40 characters (then `…`),
/// invalid UTF-8 shown as `U+FFFD`.
pub(crate) fn shorten(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}

/// The character starting at byte `at` (`U+FFFD` if it is not valid UTF-8).
pub(crate) fn char_at(text: &[u8], at: usize) -> char {
    let end = (at + 4).min(text.len());
    let lossy = String::from_utf8_lossy(&text[at..end]);
    lossy.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_strip_endings_and_the_bom() {
        let mut lines = Lines::new(&b"\xEF\xBB\xBFa\r\n\nb\r"[..], 10);
        assert_eq!(lines.next_line().unwrap(), Some(&b"a"[..]));
        assert_eq!(lines.next_line().unwrap(), Some(&b""[..]));
        assert_eq!(lines.next_line().unwrap(), Some(&b"b"[..]));
        assert_eq!(lines.number, 3);
        assert!(lines.next_line().unwrap().is_none());
        let mut long = Lines::new(&b"ok\n12345\n"[..], 4);
        assert_eq!(long.next_line().unwrap(), Some(&b"ok"[..]));
        assert!(matches!(long.next_line(), Err(LineError::TooLong(2))));
    }

    #[test]
    fn slice_lines_follow_the_same_rules() {
        let text = b"\xEF\xBB\xBFa\r\n\nb\r";
        let mut lines = Lines::new(&text[..], 10);
        let mut copied = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            copied.push(line.to_vec());
        }
        let borrowed: Vec<Vec<u8>> = slice_lines(text).map(<[u8]>::to_vec).collect();
        assert_eq!(borrowed, copied);
        assert_eq!(slice_lines(b"x\n").count(), 1);
        assert_eq!(slice_lines(b"").count(), 0);
    }

    #[test]
    fn numbers_are_plain_digits() {
        assert_eq!(parse_decimal(b"0"), Some(0));
        assert_eq!(parse_decimal(b"007"), Some(7));
        assert_eq!(parse_decimal(b"18446744073709551615"), Some(usize::MAX));
        for bad in [
            &b""[..],
            b"+1",
            b"-1",
            b"1 ",
            b"1e3",
            b"18446744073709551616",
        ] {
            assert_eq!(parse_decimal(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn signed_numbers_take_one_sign() {
        assert_eq!(parse_signed(b"-0"), Some((true, 0)));
        assert_eq!(parse_signed(b"+12"), Some((false, 12)));
        assert_eq!(parse_signed(b"9223372036854775808"), Some((false, 1 << 63)));
        assert_eq!(
            parse_signed(b"-18446744073709551615"),
            Some((true, u64::MAX))
        );
        for bad in [&b""[..], b"-", b"+", b"--1", b"+-1", b"1-", b" 1", b"0x1"] {
            assert_eq!(parse_signed(bad), None, "{bad:?}");
        }
        assert_eq!(parse_u64(b"18446744073709551616"), None);
        assert_eq!(parse_str::<f64>(b"-1.5e3"), Some(-1500.0));
        assert_eq!(parse_str::<f64>(b"\xff"), None);
    }

    #[test]
    fn shorten_cuts_at_forty_characters() {
        assert_eq!(shorten(b"abc"), "abc");
        let long = "é".repeat(50);
        assert_eq!(shorten(long.as_bytes()), format!("{}…", "é".repeat(40)));
    }
}
