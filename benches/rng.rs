//! The benches' seeded generator (xorshift64*), one copy for the bench
//! targets that include it; not every target uses every method.
#![allow(dead_code)]

/// A xorshift64* generator; the seed must not be zero.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in [0, 1), 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `0..n` (`n > 0`), by remainder.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
