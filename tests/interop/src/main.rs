// SPDX-License-Identifier: Apache-2.0 OR MIT
//! hqc-interop: exchanges keys, ciphertexts and shared secrets between RustCrypto's hqc-kem
//! (an independent implementation of the same 2025-08-22 HQC specification, FIPS 207 draft)
//! and this library, for every level and every backend the CPU runs. Per round it checks:
//! derandomised keygen and encaps give identical bytes; our keygen, their encaps, our decaps
//! (and the reverse) agree; ciphertexts and secret keys with flipped bits give identical
//! implicit-rejection secrets on both sides. Prints one JSON line per level and backend; exits
//! 1 at the first disagreement, naming it.
//!
//! Usage: hqc-interop [--rounds N] [--tampered-ct N] [--tampered-sk N] [--seed S] [--corrupt 1]
//! (tampered counts are per round; --corrupt 1 flips one bit of our first public key, to show
//! that the check sees it), or hqc-interop --emit-keys DIR: writes one secret key per level made
//! by the crate alone (DIR/rustcrypto-<L>.sk, raw), for `hqc identify` (issue 24).

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::process::exit;

use hqc_kem::{Ciphertext, DecapsulationKey, EncapsulationKey, HqcKem, HqcParams};

/// Deterministic test randomness (splitmix64): a failure is reproducible from --seed.
struct TestRng(u64);

impl TestRng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn fill(&mut self, buf: &mut [u8]) {
        for b in buf.iter_mut() {
            *b = self.next() as u8;
        }
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

type Backend = *const c_void;

/// One level of our library: its C entry points (hqcL_*) and its sizes.
struct Ours {
    level: u32,
    pk: usize,
    sk: usize,
    ct: usize,
    k: usize,
    backend_list: unsafe extern "C" fn() -> *const Backend,
    backend_by_name: unsafe extern "C" fn(*const c_char) -> Backend,
    backend_name: unsafe extern "C" fn(Backend) -> *const c_char,
    keypair: unsafe extern "C" fn(Backend, *mut u8, *mut u8, *const u8) -> c_int,
    enc: unsafe extern "C" fn(Backend, *mut u8, *mut u8, *const u8, *const u8, *const u8) -> c_int,
    dec: unsafe extern "C" fn(Backend, *mut u8, *const u8, *const u8) -> c_int,
}

macro_rules! our_level {
    ($level:expr, $pk:expr, $sk:expr, $ct:expr, $k:expr,
     $list:ident, $by_name:ident, $name:ident, $keypair:ident, $enc:ident, $dec:ident) => {{
        extern "C" {
            fn $list() -> *const Backend;
            fn $by_name(name: *const c_char) -> Backend;
            fn $name(be: Backend) -> *const c_char;
            fn $keypair(be: Backend, pk: *mut u8, sk: *mut u8, seed: *const u8) -> c_int;
            fn $enc(be: Backend, ct: *mut u8, ss: *mut u8, pk: *const u8, m: *const u8,
                    salt: *const u8) -> c_int;
            fn $dec(be: Backend, ss: *mut u8, ct: *const u8, sk: *const u8) -> c_int;
        }
        Ours {
            level: $level, pk: $pk, sk: $sk, ct: $ct, k: $k,
            backend_list: $list, backend_by_name: $by_name, backend_name: $name,
            keypair: $keypair, enc: $enc, dec: $dec,
        }
    }};
}

impl Ours {
    /// Names of the backends compiled in that this CPU runs (sparse ones included).
    fn backends(&self) -> Vec<(String, Backend)> {
        let mut out = Vec::new();
        unsafe {
            let mut p = (self.backend_list)();
            while !(*p).is_null() {
                let name = CStr::from_ptr((self.backend_name)(*p)).to_string_lossy().into_owned();
                let c = CString::new(name.clone()).expect("backend name");
                let be = (self.backend_by_name)(c.as_ptr());
                if !be.is_null() {
                    out.push((name, be));
                }
                p = p.add(1);
            }
        }
        out
    }
    fn keygen(&self, be: Backend, seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
        let (mut pk, mut sk) = (vec![0u8; self.pk], vec![0u8; self.sk]);
        let rc = unsafe { (self.keypair)(be, pk.as_mut_ptr(), sk.as_mut_ptr(), seed.as_ptr()) };
        assert_eq!(rc, 0, "our keypair failed");
        (pk, sk)
    }
    fn encaps(&self, be: Backend, pk: &[u8], m: &[u8], salt: &[u8; 16]) -> (Vec<u8>, Vec<u8>) {
        let (mut ct, mut ss) = (vec![0u8; self.ct], vec![0u8; 32]);
        assert!(pk.len() == self.pk && m.len() == self.k);
        let rc = unsafe {
            (self.enc)(be, ct.as_mut_ptr(), ss.as_mut_ptr(), pk.as_ptr(), m.as_ptr(), salt.as_ptr())
        };
        assert_eq!(rc, 0, "our encaps failed");
        (ct, ss)
    }
    fn decaps(&self, be: Backend, sk: &[u8], ct: &[u8]) -> Vec<u8> {
        let mut ss = vec![0u8; 32];
        assert!(sk.len() == self.sk && ct.len() == self.ct);
        let rc = unsafe { (self.dec)(be, ss.as_mut_ptr(), ct.as_ptr(), sk.as_ptr()) };
        assert_eq!(rc, 0, "our decaps failed");
        ss
    }
}

/// The crate's side of one level, through its public byte-level API only.
struct Theirs<P: HqcParams>(std::marker::PhantomData<P>);

impl<P: HqcParams> Theirs<P> {
    fn keygen(seed: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
        let (ek, dk) = HqcKem::<P>::generate_key_deterministic(seed);
        (ek.as_ref().to_vec(), dk.as_ref().to_vec())
    }
    fn encaps(pk: &[u8], m: &[u8], salt: &[u8; 16]) -> (Vec<u8>, Vec<u8>) {
        let ek = EncapsulationKey::<P>::try_from(pk).expect("their pk size");
        let (ct, ss) = ek.encapsulate_deterministic(m, salt).expect("their m size");
        (ct.as_ref().to_vec(), ss.as_ref().to_vec())
    }
    fn decaps(sk: &[u8], ct: &[u8]) -> Vec<u8> {
        let dk = DecapsulationKey::<P>::try_from(sk).expect("their sk size");
        let ct = Ciphertext::<P>::try_from(ct).expect("their ct size");
        dk.decapsulate(&ct).as_ref().to_vec()
    }
}

struct Args {
    rounds: usize,
    tampered_ct: usize,
    tampered_sk: usize,
    seed: u64,
    corrupt: bool,
}

fn parse_args() -> Args {
    let mut a = Args { rounds: 10, tampered_ct: 8, tampered_sk: 4, seed: 16, corrupt: false };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let value = argv.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        let Some(v) = value else {
            eprintln!("usage: hqc-interop [--rounds N] [--tampered-ct N] [--tampered-sk N] [--seed S] [--corrupt 1]");
            exit(2);
        };
        match argv[i].as_str() {
            "--rounds" => a.rounds = v as usize,
            "--tampered-ct" => a.tampered_ct = v as usize,
            "--tampered-sk" => a.tampered_sk = v as usize,
            "--seed" => a.seed = v,
            "--corrupt" => a.corrupt = v != 0,
            other => {
                eprintln!("hqc-interop: unknown option {other}");
                exit(2);
            }
        }
        i += 2;
    }
    a
}

fn fail(ours: &Ours, backend: &str, round: usize, what: &str) -> ! {
    eprintln!("hqc-interop: HQC-{} backend {backend} round {round}: {what}", ours.level);
    exit(1);
}

/// Flips 1 to 3 random bits of buf (several bits so that multi-bit damage is covered too).
fn tamper(rng: &mut TestRng, buf: &mut [u8]) {
    let flips = 1 + rng.below(3);
    for _ in 0..flips {
        let bit = rng.below(buf.len() * 8);
        buf[bit / 8] ^= 1 << (bit % 8);
    }
}

fn run_level<P: HqcParams>(ours: &Ours, args: &Args) {
    for (name, be) in ours.backends() {
        // Each backend sees the same inputs, so a disagreement names the backend alone.
        let mut rng = TestRng(args.seed ^ u64::from(ours.level) << 32);
        let (mut derand, mut ours_to_theirs, mut theirs_to_ours, mut bad_ct, mut bad_sk) = (0, 0, 0, 0, 0);
        for round in 0..args.rounds {
            let (mut seed, mut seed2) = ([0u8; 32], [0u8; 32]);
            let (mut m, mut salt) = (vec![0u8; ours.k], [0u8; 16]);
            rng.fill(&mut seed);
            rng.fill(&mut seed2);
            rng.fill(&mut m);
            rng.fill(&mut salt);

            // Derandomised: the same seed, message and salt give the same bytes.
            let (mut pk, sk) = ours.keygen(be, &seed);
            if args.corrupt && round == 0 {
                pk[ours.pk / 2] ^= 0x10;
            }
            if (pk.clone(), sk.clone()) != Theirs::<P>::keygen(&seed) {
                fail(ours, &name, round, "derandomised keygen differs");
            }
            let (ct, ss) = ours.encaps(be, &pk, &m, &salt);
            if (ct.clone(), ss.clone()) != Theirs::<P>::encaps(&pk, &m, &salt) {
                fail(ours, &name, round, "derandomised encaps differs");
            }
            derand += 1;

            // Our key pair, their encapsulation, our decapsulation.
            rng.fill(&mut m);
            rng.fill(&mut salt);
            let (ct_t, ss_t) = Theirs::<P>::encaps(&pk, &m, &salt);
            if ours.decaps(be, &sk, &ct_t) != ss_t {
                fail(ours, &name, round, "our decaps of their ciphertext differs");
            }
            ours_to_theirs += 1;

            // Their key pair (another seed), our encapsulation, their decapsulation.
            let (pk_t, sk_t) = Theirs::<P>::keygen(&seed2);
            let (ct_o, ss_o) = ours.encaps(be, &pk_t, &m, &salt);
            if Theirs::<P>::decaps(&sk_t, &ct_o) != ss_o {
                fail(ours, &name, round, "their decaps of our ciphertext differs");
            }
            theirs_to_ours += 1;

            // Tampered ciphertexts: both reject, with the same implicit-rejection secret.
            for _ in 0..args.tampered_ct {
                let mut bad = ct.clone();
                tamper(&mut rng, &mut bad);
                let mine = ours.decaps(be, &sk, &bad);
                if mine != Theirs::<P>::decaps(&sk, &bad) {
                    fail(ours, &name, round, "rejection secrets of a tampered ciphertext differ");
                }
                if mine == ss {
                    fail(ours, &name, round, "a tampered ciphertext was accepted");
                }
                bad_ct += 1;
            }
            // Tampered secret keys: whatever comes out, it is the same on both sides.
            for _ in 0..args.tampered_sk {
                let mut bad = sk.clone();
                tamper(&mut rng, &mut bad);
                if ours.decaps(be, &bad, &ct) != Theirs::<P>::decaps(&bad, &ct) {
                    fail(ours, &name, round, "decaps with a tampered secret key differs");
                }
                bad_sk += 1;
            }
        }
        println!(
            "{{\"level\": {}, \"backend\": \"{name}\", \"derandomised\": {derand}, \
             \"ours_keygen_theirs_encaps\": {ours_to_theirs}, \"theirs_keygen_ours_encaps\": {theirs_to_ours}, \
             \"tampered_ct\": {bad_ct}, \"tampered_sk\": {bad_sk}}}",
            ours.level
        );
    }
}

/// Their key pair from a fixed seed, per level, written to dir.
fn emit_keys(dir: &str) {
    let seed = [0x24u8; 32];
    let keys = [(1, Theirs::<hqc_kem::Hqc128Params>::keygen(&seed).1),
                (3, Theirs::<hqc_kem::Hqc192Params>::keygen(&seed).1),
                (5, Theirs::<hqc_kem::Hqc256Params>::keygen(&seed).1)];
    for (level, sk) in keys {
        std::fs::write(format!("{dir}/rustcrypto-{level}.sk"), sk).expect("write the key");
    }
}

fn main() {
    let argv: Vec<String> = std::env::args().collect();
    if argv.len() == 3 && argv[1] == "--emit-keys" {
        emit_keys(&argv[2]);
        return;
    }
    let args = parse_args();
    let l1 = our_level!(1, 2241, 2321, 4433, 16, hqc1_backend_list, hqc1_backend_by_name,
        hqc1_backend_name, hqc1_crypto_kem_keypair_derand_with, hqc1_crypto_kem_enc_derand_with,
        hqc1_crypto_kem_dec_with);
    let l3 = our_level!(3, 4514, 4602, 8978, 24, hqc3_backend_list, hqc3_backend_by_name,
        hqc3_backend_name, hqc3_crypto_kem_keypair_derand_with, hqc3_crypto_kem_enc_derand_with,
        hqc3_crypto_kem_dec_with);
    let l5 = our_level!(5, 7237, 7333, 14421, 32, hqc5_backend_list, hqc5_backend_by_name,
        hqc5_backend_name, hqc5_crypto_kem_keypair_derand_with, hqc5_crypto_kem_enc_derand_with,
        hqc5_crypto_kem_dec_with);
    run_level::<hqc_kem::Hqc128Params>(&l1, &args);
    run_level::<hqc_kem::Hqc192Params>(&l3, &args);
    run_level::<hqc_kem::Hqc256Params>(&l5, &args);
}
