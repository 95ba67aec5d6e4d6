// SPDX-License-Identifier: Apache-2.0 OR MIT
//! probe.rs: a short self-check that runs where the peers' tests cannot (the aarch64 build
//! under qemu-aarch64, tests/test_bindings_rust.py): the C library's version, the backend the
//! dispatcher picked, and per dialect and level a round trip, a repeatable derandomised keygen
//! and a tampered ciphertext's implicit rejection. Prints one line each; exits 1 on a failure.

macro_rules! check_level {
    ($ok:ident, $path:path, $name:literal) => {{
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
        $ok &= round && repeat && rejected;
    }};
}

fn main() {
    println!("version {}", hqc_fast::c_library_version());
    println!("backend {}", hqc_fast::backend());
    let mut ok = true;
    check_level!(ok, hqc_fast::d161cd4f::hqc128, "161cd4f HQC-1");
    check_level!(ok, hqc_fast::d161cd4f::hqc192, "161cd4f HQC-3");
    check_level!(ok, hqc_fast::d161cd4f::hqc256, "161cd4f HQC-5");
    check_level!(ok, hqc_fast::v5_0_0::hqc128, "v5.0.0 HQC-1");
    check_level!(ok, hqc_fast::v5_0_0::hqc192, "v5.0.0 HQC-3");
    check_level!(ok, hqc_fast::v5_0_0::hqc256, "v5.0.0 HQC-5");
    std::process::exit(if ok { 0 } else { 1 });
}
