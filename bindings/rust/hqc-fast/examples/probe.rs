// SPDX-License-Identifier: Apache-2.0 OR MIT
//! probe.rs: a short self-check that runs where the peers' tests cannot (the aarch64 build
//! under qemu-aarch64, tests/test_bindings_rust.py): the C library's version, the backend the
//! dispatcher picked, and per dialect and level a round trip, a repeatable derandomised keygen
//! and a tampered ciphertext's implicit rejection. Prints one line each; exits 1 on a failure.

use std::sync::atomic::{AtomicBool, Ordering};

static FAILED: AtomicBool = AtomicBool::new(false);

macro_rules! check_level {
    ($path:path, $name:expr) => {{
        use $path as o;
        let (ek, dk) = o::keypair().expect("keypair");
        let (ct, ss) = ek.encapsulate().expect("encapsulate");
        let round = dk.decapsulate(&ct).expect("decapsulate") == ss;
        let seed = [7u8; 32];
        let repeat = o::keypair_derand(&seed).expect("derand").0 == o::keypair_derand(&seed).expect("derand").0;
        let mut bad = ct.as_bytes().to_vec();
        bad[0] ^= 1;
        let rejected = dk.decapsulate_bytes(&bad).expect("decapsulate") != ss;
        println!("{}: round trip {round}, derand repeatable {repeat}, tampered rejected {rejected}", $name);
        if !(round && repeat && rejected) {
            FAILED.store(true, Ordering::Relaxed);
        }
    }};
}

/// Every level of one dialect; called for each dialect of the C table (for_each_dialect!).
macro_rules! check_dialect {
    ($module:ident, $name:literal) => {
        check_level!(hqc_fast::$module::hqc128, concat!($name, " HQC-1"));
        check_level!(hqc_fast::$module::hqc192, concat!($name, " HQC-3"));
        check_level!(hqc_fast::$module::hqc256, concat!($name, " HQC-5"));
    };
}

fn main() {
    println!("version {}", hqc_fast::c_library_version());
    println!("backend {}", hqc_fast::backend());
    hqc_fast_sys::for_each_dialect!(check_dialect);
    std::process::exit(if FAILED.load(Ordering::Relaxed) { 1 } else { 0 });
}
