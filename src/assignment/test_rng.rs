//! A small xorshift generator for the assignment wing's unit tests.

/// Marsaglia's xorshift64 (13, 7, 17); the seed must not be zero.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A value in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
