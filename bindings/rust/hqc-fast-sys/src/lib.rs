// SPDX-License-Identifier: Apache-2.0 OR MIT
//! hqc-fast-sys: the raw C functions of libhqc (the HQC KEM of the 2025-08-22 specification
//! draft, levels 1/3/5), compiled from this repository's sources by build.rs with their runtime
//! ISA dispatch. One module per dialect (the HQC_DIALECTS table of src/hqc/dialect.h), one
//! per level inside it. Use the safe crate hqc-fast instead.
#![no_std]
#![allow(clippy::missing_safety_doc, non_camel_case_types)]

include!(concat!(env!("OUT_DIR"), "/bindings.rs"));

/// The opaque backend type of libhqc (an arithmetic table picked by CPUID/HWCAP).
#[repr(C)]
pub struct hqc_backend {
    _private: [u8; 0],
}

extern "C" {
    /// The version of the C library linked in ("1.1.0").
    pub fn hqc_version() -> *const core::ffi::c_char;
    /// The backend HQC-1's calls use (the fastest constant-time one this CPU runs).
    pub fn hqc1_backend_default() -> *const hqc_backend;
    /// A backend's name ("ref", "avx2", "vpclmul", "avx512", "neon").
    pub fn hqc1_backend_name(be: *const hqc_backend) -> *const core::ffi::c_char;
}
