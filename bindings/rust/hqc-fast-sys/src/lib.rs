// SPDX-License-Identifier: Apache-2.0 OR MIT
//! hqc-fast-sys: the raw C functions of libhqc (the HQC KEM of the 2025-08-22 specification
//! draft, levels 1/3/5), compiled from this repository's sources by build.rs with their runtime
//! ISA dispatch. One module per dialect (the HQC_DIALECTS table of src/hqc/dialect.h), one
//! per level inside it. Use the safe crate hqc-fast instead.
#![no_std]
#![allow(clippy::missing_safety_doc)]

include!(concat!(env!("OUT_DIR"), "/bindings.rs"));

extern "C" {
    /// The version of the C library linked in ("1.1.0").
    pub fn hqc_version() -> *const core::ffi::c_char;
}
