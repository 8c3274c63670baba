//! The numbers the readers take as weights and costs.

use crate::text::{parse_signed, parse_str};

mod sealed {
    /// Keeps [`Number`](super::Number) to the types listed there, and holds
    /// the parser each uses.
    pub trait Sealed: Sized {
        /// The word as this type, or `None`.
        fn parse_word(word: &[u8]) -> Option<Self>;
    }
}

/// A type the readers take weights and costs as: `i32`, `i64`, `u32`,
/// `u64`, `f32` or `f64` (the trait is sealed).
///
/// - Integers are written as ASCII digits after an optional `+` or `-` (a
///   `-` only for the signed types), as `str::parse` reads them; a value
///   out of the type's range is an error, not wrapped or clamped.
/// - Floats are what `str::parse::<f64>` (or `f32`) accepts: decimal or
///   exponent notation (`1`, `-0.5`, `2.5e-3`, `.5`, `7.`), and `inf`,
///   `+inf`, `-inf` or `infinity` in any case, which the assignment formats
///   use for a forbidden entry; a finite number too large for the type
///   reads as an infinity, as `str::parse` has it. NaN (`nan`, in any
///   case) is an error: it is no cost and no weight.
///
/// The readers report a word that is not such a number as
/// [`ReadError::BadField`](crate::ReadError::BadField), naming its line
/// and field.
pub trait Number: sealed::Sealed + Copy + PartialOrd + std::fmt::Debug + std::fmt::Display {}

macro_rules! integer {
    ($($t:ty: $signed:literal),*) => {$(
        impl sealed::Sealed for $t {
            fn parse_word(word: &[u8]) -> Option<Self> {
                let (negative, magnitude) = parse_signed(word)?;
                if negative && !$signed {
                    None
                } else if negative {
                    // The magnitude of the type's least value fits i128.
                    <$t>::try_from(-i128::from(magnitude)).ok()
                } else {
                    <$t>::try_from(magnitude).ok()
                }
            }
        }
        impl Number for $t {}
    )*};
}

macro_rules! float {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {
            fn parse_word(word: &[u8]) -> Option<Self> {
                parse_str::<$t>(word).filter(|x| !x.is_nan())
            }
        }
        impl Number for $t {}
    )*};
}

integer!(i32: true, i64: true, u32: false, u64: false);
float!(f32, f64);

#[cfg(test)]
mod tests {
    use super::sealed::Sealed;

    #[test]
    fn integers_keep_to_their_range() {
        assert_eq!(i64::parse_word(b"-9223372036854775808"), Some(i64::MIN));
        assert_eq!(i64::parse_word(b"9223372036854775807"), Some(i64::MAX));
        assert_eq!(i64::parse_word(b"9223372036854775808"), None);
        assert_eq!(i64::parse_word(b"+7"), Some(7));
        assert_eq!(i32::parse_word(b"-2147483648"), Some(i32::MIN));
        assert_eq!(i32::parse_word(b"2147483648"), None);
        assert_eq!(u32::parse_word(b"4294967295"), Some(u32::MAX));
        assert_eq!(u32::parse_word(b"-1"), None);
        assert_eq!(u64::parse_word(b"-0"), None);
        assert_eq!(i64::parse_word(b"-0"), Some(0));
        assert_eq!(u64::parse_word(b"18446744073709551615"), Some(u64::MAX));
        for bad in [&b"1.0"[..], b"inf", b"1e3", b"", b"-", b"1_000"] {
            assert_eq!(i64::parse_word(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn floats_take_infinities_but_not_nan() {
        assert_eq!(f64::parse_word(b"-0.5"), Some(-0.5));
        assert_eq!(f64::parse_word(b"2.5e-3"), Some(2.5e-3));
        assert_eq!(f64::parse_word(b"inf"), Some(f64::INFINITY));
        assert_eq!(f64::parse_word(b"-Infinity"), Some(f64::NEG_INFINITY));
        assert_eq!(f64::parse_word(b"1e999"), Some(f64::INFINITY));
        assert_eq!(f32::parse_word(b"3"), Some(3.0));
        for bad in [&b"nan"[..], b"NaN", b"-nan", b"1,5", b"", b"\xff"] {
            assert_eq!(f64::parse_word(bad), None, "{bad:?}");
            assert_eq!(f32::parse_word(bad), None, "{bad:?}");
        }
    }
}
