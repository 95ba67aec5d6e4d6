// SPDX-License-Identifier: Apache-2.0 OR MIT
//! paired.rs: hqc-fast against RustCrypto's hqc-kem 0.1.0-rc.0 (same dialect, 161cd4f) in one
//! process: per iteration both crates run derandomised keygen, encapsulation and decapsulation
//! on the same seeds, in an order that alternates, each call timed by rdtsc between lfences
//! (elsewhere: the monotonic clock); prints, per level and operation, the median of the
//! per-iteration ratios hqc-kem / hqc-fast (above 1: hqc-fast is faster).
//! Usage: cargo run --release --example paired [ITERATIONS]

use std::hint::black_box;

#[cfg(target_arch = "x86_64")]
fn stamp() -> u64 {
    // SAFETY: lfence and rdtsc exist on every x86-64 CPU.
    unsafe {
        core::arch::x86_64::_mm_lfence();
        let t = core::arch::x86_64::_rdtsc();
        core::arch::x86_64::_mm_lfence();
        t
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn stamp() -> u64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let t0 = stamp();
    let r = f();
    let t1 = stamp();
    (r, t1 - t0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

macro_rules! level {
    ($name:literal, $ours:ident, $P:ty, $iters:expr) => {{
        use hqc_fast::$ours as o;
        type Theirs = hqc_kem::HqcKem<$P>;
        let mut ratios = [Vec::new(), Vec::new(), Vec::new()];
        let mut ours_cycles = [Vec::new(), Vec::new(), Vec::new()];
        for i in 0..$iters {
            let seed = [i as u8; 32];
            let m = vec![(i * 7) as u8; o::MESSAGE_BYTES];
            let salt = [(i * 13) as u8; 16];
            let run_ours = || {
                let ((ek, dk), k) = timed(|| o::keypair_derand(black_box(&seed)).unwrap());
                let ((ct, ss), e) = timed(|| ek.encapsulate_derand(&m, &salt).unwrap());
                let (back, d) = timed(|| dk.decapsulate(black_box(&ct)).unwrap());
                assert_eq!(back.as_bytes(), ss.as_bytes());
                [k, e, d]
            };
            let run_theirs = || {
                let ((ek, dk), k) = timed(|| Theirs::generate_key_deterministic(black_box(&seed)));
                let ((ct, ss), e) = timed(|| ek.encapsulate_deterministic(&m, &salt).unwrap());
                let (back, d) = timed(|| dk.decapsulate(black_box(&ct)));
                assert!(back == ss);
                [k, e, d]
            };
            let (a, b) = if i % 2 == 0 {
                let a = run_ours();
                (a, run_theirs())
            } else {
                let b = run_theirs();
                (run_ours(), b)
            };
            for j in 0..3 {
                ratios[j].push(b[j] as f64 / a[j] as f64);
                ours_cycles[j].push(a[j] as f64);
            }
        }
        for (j, op) in ["keygen", "encaps", "decaps"].iter().enumerate() {
            println!("{:6} {:7} median hqc-kem/hqc-fast ratio {:6.2}   (hqc-fast median {:.0} cycles)",
                     $name, op, median(ratios[j].clone()), median(ours_cycles[j].clone()));
        }
    }};
}

fn main() {
    let iters: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(101);
    println!("hqc-fast {} vs hqc-kem 0.1.0-rc.0, dialect 161cd4f, {iters} paired iterations",
             hqc_fast::c_library_version());
    level!("HQC-1", hqc128, hqc_kem::Hqc128Params, iters);
    level!("HQC-3", hqc192, hqc_kem::Hqc192Params, iters);
    level!("HQC-5", hqc256, hqc_kem::Hqc256Params, iters);
}
