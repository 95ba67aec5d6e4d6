// SPDX-License-Identifier: Apache-2.0 OR MIT
//! backbone-kat: writes the NIST KAT response file of one HQC level (PQCkemKAT_<sk>.rsp, the
//! format kat/genkat.c writes) as computed by backbone-hqc 0.2.0, dialect v5.0.0, to stdout.
//! The 100 request seeds come from SHAKE256(0, 1, ..., 47 || 0x00); backbone's keygen_with_rng
//! and encaps_with_rng each draw one 48-byte seed and expand it as the KAT PRNG does
//! (seed_kem, then m || salt), so a fixed RNG holding the request seed reproduces an entry.
//! Usage: backbone-kat 1|3|5
use rand_core::{CryptoRng, RngCore};
use sha3::digest::{ExtendableOutput, Update, XofReader};

/// Hands out the same 48 bytes at every call: the KAT request seed.
struct SeedRng([u8; 48]);

impl RngCore for SeedRng {
    fn next_u32(&mut self) -> u32 {
        unimplemented!("backbone-hqc draws bytes only")
    }
    fn next_u64(&mut self) -> u64 {
        unimplemented!("backbone-hqc draws bytes only")
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        assert_eq!(dest.len(), 48, "backbone-hqc draws one 48-byte seed per call");
        dest.copy_from_slice(&self.0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
impl CryptoRng for SeedRng {}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02X}")).collect()
}

macro_rules! kat {
    ($m:path, $name:expr, $seeds:expr) => {{
        use $m as h;
        print!("# {}\n\n", $name);
        for (i, seed) in $seeds.iter().enumerate() {
            let mut rng = SeedRng(*seed);
            let (pk, sk) = h::keygen_with_rng(&mut rng).expect("keygen");
            let enc = h::encaps_with_rng(&pk, &mut rng).expect("encaps");
            let ss = h::decaps(&sk, &enc.ciphertext).expect("decaps");
            assert_eq!(ss, enc.shared_secret, "count {i}: decapsulation disagrees");
            print!("count = {i}\nseed = {}\npk = {}\nsk = {}\nct = {}\nss = {}\n\n", hex(seed),
                   hex(pk.as_ref()), hex(sk.as_ref()), hex(&enc.ciphertext), hex(&ss));
        }
    }};
}

fn main() {
    let level = std::env::args().nth(1).unwrap_or_default();
    let entropy: Vec<u8> = (0u8..48).collect();
    let mut xof = sha3::Shake256::default();
    xof.update(&entropy);
    xof.update(&[0u8]);
    let mut reader = xof.finalize_xof();
    let mut seeds = vec![[0u8; 48]; 100];
    for s in seeds.iter_mut() {
        reader.read(s);
    }
    match level.as_str() {
        "1" => kat!(backbone_hqc::hqc128, "HQC-1", seeds),
        "3" => kat!(backbone_hqc::hqc192, "HQC-3", seeds),
        "5" => kat!(backbone_hqc::hqc256, "HQC-5", seeds),
        _ => {
            eprintln!("usage: backbone-kat 1|3|5");
            std::process::exit(2);
        }
    }
}
