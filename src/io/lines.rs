//! What every reader of [`io`](super) shares: the input's lines through
//! the crate's one line reader, the words of a line or of the whole input
//! with their line and field, the limit on declared vertices, and memory
//! reserved as the entries arrive.

use std::io::{BufReader, Read};
use std::ops::Range;

use super::{Number, FREE_VERTICES, MAX_LINE_BYTES, VERTICES_PER_BYTE};
use crate::error::ReadError;
use crate::text::{self, parse_decimal, parse_str, shorten};
use crate::util::{id, MAX_VERTICES};

/// The initial capacity of an entry buffer; it grows with the entries
/// actually read, never with a count from a header.
pub(super) const INITIAL_ENTRIES: usize = 1 << 10;

/// The input's lines through the crate's one line reader, with the
/// readers' own checks.
pub(super) struct Lines<R> {
    lines: text::Lines<BufReader<R>>,
    /// The number of the last line returned (0 before the first).
    pub(super) number: usize,
    /// Bytes read so far, line endings included.
    pub(super) bytes: usize,
}

impl<R: Read> Lines<R> {
    pub(super) fn new(reader: R) -> Self {
        Lines {
            lines: text::Lines::new(BufReader::new(reader), MAX_LINE_BYTES),
            number: 0,
            bytes: 0,
        }
    }

    /// Rejects a header declaring more vertices than the input read so far
    /// pays for: at most `FREE_VERTICES + VERTICES_PER_BYTE * bytes`.
    pub(super) fn check_vertices(
        &self,
        line: usize,
        left: usize,
        right: usize,
    ) -> Result<(), ReadError> {
        let limit = VERTICES_PER_BYTE
            .saturating_mul(self.bytes)
            .saturating_add(FREE_VERTICES);
        if left.saturating_add(right) > limit {
            return Err(ReadError::VerticesBeyondInput {
                line,
                left,
                right,
                bytes: self.bytes,
                limit,
            });
        }
        Ok(())
    }

    /// The next line and its number, or `None` at the end of the input.
    pub(super) fn next_raw(&mut self) -> Result<Option<(usize, &[u8])>, ReadError> {
        let more = self
            .lines
            .next_line()
            .map_err(|e| match e {
                text::LineError::Io(line, source) => ReadError::Io { line, source },
                text::LineError::TooLong(line) => ReadError::LineTooLong {
                    line,
                    limit: MAX_LINE_BYTES,
                },
            })?
            .is_some();
        self.number = self.lines.number;
        self.bytes = self.lines.bytes;
        Ok(more.then(|| (self.number, self.lines.current())))
    }

    /// The next line that is neither blank nor starts with `comment`.
    pub(super) fn next_content(
        &mut self,
        comment: Option<u8>,
    ) -> Result<Option<(usize, &[u8])>, ReadError> {
        loop {
            let Some((_, line)) = self.next_raw()? else {
                return Ok(None);
            };
            let first = line.iter().find(|b| !b.is_ascii_whitespace()).copied();
            if first.is_some() && first != comment {
                // Borrow again so the returned slice lives as long as `self`.
                return Ok(Some((self.number, self.lines.current())));
            }
        }
    }
}

/// A missing or malformed header or size line.
pub(super) fn bad_header(line: usize, expected: &'static str, found: &[u8]) -> ReadError {
    ReadError::BadHeader {
        line,
        expected,
        found: shorten(found),
    }
}

/// The whitespace-separated words of one line, numbered from 1.
pub(super) struct Fields<'a> {
    /// The part of the line not yet split off.
    rest: &'a [u8],
    line: usize,
    field: usize,
}

impl<'a> Fields<'a> {
    pub(super) fn new(text: &'a [u8], line: usize) -> Self {
        Fields {
            rest: text,
            line,
            field: 0,
        }
    }

    /// The next word, if any, without counting it.
    fn word(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|b| !b.is_ascii_whitespace())?;
        let rest = &self.rest[start..];
        let len = rest
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(rest.len());
        self.rest = &rest[len..];
        Some(&rest[..len])
    }

    /// The next word, which must exist.
    pub(super) fn next(&mut self, expected: &'static str) -> Result<&'a [u8], ReadError> {
        self.field += 1;
        self.word().ok_or(ReadError::MissingField {
            line: self.line,
            field: self.field,
            expected,
        })
    }

    fn bad(&self, expected: &'static str, found: &[u8]) -> ReadError {
        ReadError::BadField {
            line: self.line,
            field: self.field,
            expected,
            found: shorten(found),
        }
    }

    /// The next word, one of `choices` (ignoring case); returns its position.
    pub(super) fn keyword(
        &mut self,
        choices: &[&str],
        supported: &'static str,
    ) -> Result<usize, ReadError> {
        let word = self.next(supported)?;
        choices
            .iter()
            .position(|c| word.eq_ignore_ascii_case(c.as_bytes()))
            .ok_or_else(|| ReadError::Unsupported {
                line: self.line,
                field: self.field,
                found: shorten(word),
                supported,
            })
    }

    /// The next word as a vertex count that fits the crate's ids.
    pub(super) fn count(&mut self, expected: &'static str) -> Result<usize, ReadError> {
        let word = self.next(expected)?;
        match parse_decimal(word) {
            Some(n) if n <= MAX_VERTICES => Ok(n),
            _ => Err(self.bad(expected, word)),
        }
    }

    /// The next word as an index in `base..base + count`, returned 0-based.
    pub(super) fn index(
        &mut self,
        expected: &'static str,
        base: usize,
        count: usize,
    ) -> Result<u32, ReadError> {
        let word = self.next(expected)?;
        let value = parse_decimal(word).ok_or_else(|| self.bad(expected, word))?;
        match value.checked_sub(base) {
            Some(i) if i < count => Ok(id(i)),
            _ => Err(ReadError::IndexOutOfRange {
                line: self.line,
                field: self.field,
                value,
                base,
                count,
            }),
        }
    }

    /// The next word, which must parse as a `T`.
    pub(super) fn value<T: std::str::FromStr>(
        &mut self,
        expected: &'static str,
    ) -> Result<T, ReadError> {
        let word = self.next(expected)?;
        parse_str::<T>(word).ok_or_else(|| self.bad(expected, word))
    }

    /// There must be no word left.
    pub(super) fn end(&mut self) -> Result<(), ReadError> {
        match self.word() {
            None => Ok(()),
            Some(word) => Err(ReadError::ExtraField {
                line: self.line,
                field: self.field + 1,
                found: shorten(word),
            }),
        }
    }
}

/// Appends `item`, growing `entries` (doubling) with memory reserved
/// fallibly: running out of memory is [`ReadError::OutOfMemory`] at `line`.
pub(super) fn push<T>(
    entries: &mut Vec<T>,
    item: T,
    line: usize,
    what: &'static str,
) -> Result<(), ReadError> {
    if entries.len() == entries.capacity() {
        let more = entries.len().max(INITIAL_ENTRIES);
        entries
            .try_reserve(more)
            .map_err(|_| ReadError::OutOfMemory {
                line,
                what,
                bytes: entries
                    .len()
                    .saturating_add(more)
                    .saturating_mul(std::mem::size_of::<T>()),
            })?;
    }
    entries.push(item);
    Ok(())
}

/// One whitespace-separated word of the input, with its 1-based line and
/// field (position on its line).
#[derive(Clone, Copy)]
pub(super) struct Word<'a> {
    pub(super) line: usize,
    pub(super) field: usize,
    pub(super) text: &'a [u8],
}

impl Word<'_> {
    fn bad(&self, expected: &'static str) -> ReadError {
        ReadError::BadField {
            line: self.line,
            field: self.field,
            expected,
            found: shorten(self.text),
        }
    }

    /// The word as a vertex or entry count that fits the crate's ids.
    pub(super) fn count(&self, expected: &'static str) -> Result<usize, ReadError> {
        match parse_decimal(self.text) {
            Some(n) if n <= MAX_VERTICES => Ok(n),
            _ => Err(self.bad(expected)),
        }
    }

    /// The word as a 0-based index below `count`.
    pub(super) fn index(&self, expected: &'static str, count: usize) -> Result<u32, ReadError> {
        let value = parse_decimal(self.text).ok_or_else(|| self.bad(expected))?;
        if value < count {
            Ok(id(value))
        } else {
            Err(ReadError::IndexOutOfRange {
                line: self.line,
                field: self.field,
                value,
                base: 0,
                count,
            })
        }
    }

    /// The word as a number of type `W`.
    pub(super) fn number<W: Number>(&self, expected: &'static str) -> Result<W, ReadError> {
        W::parse_word(self.text).ok_or_else(|| self.bad(expected))
    }
}

/// The words of the whole input, line breaks counting as any other white
/// space, each with its line and field: the reader of the formats whose
/// numbers may be laid out freely (the Library Checker and assignment
/// formats).
pub(super) struct Words<R> {
    pub(super) lines: Lines<R>,
    /// Where the unread part of the current line starts.
    at: usize,
    /// The words taken from the current line.
    field: usize,
    /// Whether a line has been read.
    started: bool,
}

impl<R: Read> Words<R> {
    pub(super) fn new(reader: R) -> Self {
        Words {
            lines: Lines::new(reader),
            at: 0,
            field: 0,
            started: false,
        }
    }

    /// Where the next word is: its line, field and place in the current
    /// line; `None` at the end of the input.
    fn advance(&mut self) -> Result<Option<(usize, usize, Range<usize>)>, ReadError> {
        loop {
            if self.started {
                let rest = &self.lines.lines.current()[self.at..];
                if let Some(start) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
                    let len = rest[start..]
                        .iter()
                        .position(u8::is_ascii_whitespace)
                        .unwrap_or(rest.len() - start);
                    let begin = self.at + start;
                    self.at = begin + len;
                    self.field += 1;
                    return Ok(Some((self.lines.number, self.field, begin..self.at)));
                }
            }
            if self.lines.next_raw()?.is_none() {
                return Ok(None);
            }
            self.started = true;
            self.at = 0;
            self.field = 0;
        }
    }

    /// The word [`advance`](Self::advance) found.
    fn word(&self, (line, field, range): (usize, usize, Range<usize>)) -> Word<'_> {
        Word {
            line,
            field,
            text: &self.lines.lines.current()[range],
        }
    }

    /// The next word, or `None` at the end of the input.
    pub(super) fn next(&mut self) -> Result<Option<Word<'_>>, ReadError> {
        Ok(self.advance()?.map(|at| self.word(at)))
    }

    /// The first word of the input: the header's, `header` describing it
    /// in the error for an input without a word.
    pub(super) fn first(&mut self, header: &'static str) -> Result<Word<'_>, ReadError> {
        match self.advance()? {
            Some(at) => Ok(self.word(at)),
            None => Err(bad_header(self.lines.number + 1, header, b"")),
        }
    }

    /// The next word, which must exist: the end of the input is
    /// [`ReadError::MissingField`] after the last word read.
    pub(super) fn expect(&mut self, expected: &'static str) -> Result<Word<'_>, ReadError> {
        let (line, field) = (self.lines.number.max(1), self.field + 1);
        self.next()?.ok_or(ReadError::MissingField {
            line,
            field,
            expected,
        })
    }

    /// The first word of entry `found` of the `expected` announced: the end
    /// of the input is [`ReadError::MissingEntries`].
    pub(super) fn entry(&mut self, expected: usize, found: usize) -> Result<Word<'_>, ReadError> {
        let line = self.lines.number.max(1);
        self.next()?.ok_or(ReadError::MissingEntries {
            line,
            expected,
            found,
        })
    }

    /// There must be no word after the `expected` entries, the last of
    /// which ended on line `last`: a word on that line is
    /// [`ReadError::ExtraField`], one on a later line
    /// [`ReadError::ExtraEntries`].
    pub(super) fn end(&mut self, expected: usize, last: usize) -> Result<(), ReadError> {
        match self.next()? {
            None => Ok(()),
            Some(word) if word.line == last => Err(ReadError::ExtraField {
                line: word.line,
                field: word.field,
                found: shorten(word.text),
            }),
            Some(word) => Err(ReadError::ExtraEntries {
                line: word.line,
                expected,
            }),
        }
    }
}
