// SPDX-License-Identifier: Apache-2.0 OR MIT
//! hqc-fast: the HQC key encapsulation mechanism (the 2025-08-22 specification draft, levels
//! HQC-1/3/5) over libhqc's C, which picks the fastest constant-time backend the CPU runs
//! (AVX2, VPCLMULQDQ, AVX-512, NEON, or portable C) at run time.
//!
//! Two deployed implementations of the specification sample differently from the same seeds;
//! libhqc speaks both, so each has its own types ("dialects", docs: the repository's README):
//!
//! * the crate root ([`Hqc128`], [`hqc128`], ...) speaks the default dialect, 161cd4f
//!   (RustCrypto's hqc-kem, liboqs 0.16.0, the official tree at commit 161cd4f);
//! * [`v5_0_0`] speaks v5.0.0 (backbone-hqc, PyPI pqcrypto 1.0.0, Bouncy Castle 1.83-1.85);
//! * every dialect, the default included, also has a module of its own (`d161cd4f`).
//!
//! Per level, a marker type implementing the RustCrypto [`kem`] 0.3 traits (as hqc-kem
//! 0.1.0-rc.0 does, so code generic over [`kem::Kem`] moves over unchanged) and a module with
//! the key, ciphertext and secret types and the free functions, derandomised ones included.
//! Secret keys and shared secrets are zeroized on drop. Wrong input lengths are returned as
//! [`Error`] values; nothing here panics on input.
#![no_std]
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod error;
#[macro_use]
mod level;

pub use error::Error;
pub use kem;

/// The version of the C library inside (equal to this crate's version).
pub fn c_library_version() -> &'static str {
    // SAFETY: hqc_version returns a pointer to a static NUL-terminated ASCII string.
    let c = unsafe { core::ffi::CStr::from_ptr(hqc_fast_sys::hqc_version()) };
    c.to_str().unwrap_or("")
}

/// The backend libhqc's runtime dispatch picked on this CPU ("avx512", "vpclmul", "avx2",
/// "neon" or "ref"): the fastest constant-time one the CPU runs.
pub fn backend() -> &'static str {
    // SAFETY: the default backend is a static table, its name a static NUL-terminated string.
    let c = unsafe { core::ffi::CStr::from_ptr(hqc_fast_sys::hqc1_backend_name(hqc_fast_sys::hqc1_backend_default())) };
    c.to_str().unwrap_or("")
}

/// One dialect: a module with the three levels (types from `level!`, src/level.rs).
macro_rules! dialect_module {
    ($module:ident, $name:literal) => {
        #[doc = concat!("HQC in dialect ", $name, " (HQC_DIALECTS of src/hqc/dialect.h).")]
        pub mod $module {
            /// The dialect's name in libhqc.
            pub const DIALECT: &str = $name;
            level!(hqc128, Hqc128, hqc_fast_sys::$module::hqc1, hybrid_array::sizes::U2241,
                   hybrid_array::sizes::U4433, "HQC-1");
            level!(hqc192, Hqc192, hqc_fast_sys::$module::hqc3, hybrid_array::sizes::U4514,
                   hybrid_array::sizes::U8978, "HQC-3");
            level!(hqc256, Hqc256, hqc_fast_sys::$module::hqc5, hybrid_array::sizes::U7237,
                   hybrid_array::sizes::U14421, "HQC-5");
        }
    };
}

hqc_fast_sys::for_each_dialect!(dialect_module);

/// The default dialect's items at the crate root.
macro_rules! reexport_default {
    ($module:ident) => {
        pub use $module::{hqc128, hqc192, hqc256, Hqc128, Hqc192, Hqc256, DIALECT};
    };
}
hqc_fast_sys::default_dialect!(reexport_default);
