// SPDX-License-Identifier: Apache-2.0 OR MIT
//! error.rs: what the safe calls return instead of panicking: a wrong input length (naming what
//! was expected) or a failure reported by the C library (no randomness from the OS).

use core::fmt;

/// Why a call of hqc-fast did not produce its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// An input had the wrong length: `what` ("public key", "ciphertext", ...) must be
    /// `expected` bytes and was `got`.
    InvalidLength {
        /// Which input.
        what: &'static str,
        /// The length that level requires.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The C library returned failure: the operating system gave no randomness.
    Failed,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidLength { what, expected, got } => {
                write!(f, "{what} must be {expected} bytes, got {got}")
            }
            Error::Failed => f.write_str("libhqc failed (no randomness from the operating system)"),
        }
    }
}

impl core::error::Error for Error {}

/// Ok(()) if `got` is `expected` long, else the InvalidLength error naming `what`.
pub(crate) fn check_len(what: &'static str, expected: usize, got: usize) -> Result<(), Error> {
    if got == expected {
        Ok(())
    } else {
        Err(Error::InvalidLength { what, expected, got })
    }
}
