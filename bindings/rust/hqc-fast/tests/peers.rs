// SPDX-License-Identifier: Apache-2.0 OR MIT
//! peers.rs: hqc-fast against two Rust implementations that are not ours, at every level:
//! RustCrypto's hqc-kem 0.1.0-rc.0 (dialect 161cd4f) and backbone-hqc 0.2.0 (dialect v5.0.0,
//! the code of PyPI pqcrypto 1.0.0). Derandomised keygen and encapsulation byte for byte, round
//! trips both ways, tampered ciphertexts (the implicit-rejection secret byte for byte), the
//! RustCrypto kem traits through one generic function run on both crates, and wrong lengths as
//! errors. Seeds come from SHAKE256 of a label, so every run checks the same vectors.

use kem::{Decapsulate, Encapsulate, Kem, KeyExport};
use sha3::digest::{ExtendableOutput, Update, XofReader};

/// Vectors per level and peer: $HQC_BINDINGS_VECTORS, default 6 (fewer under qemu).
fn vectors() -> usize {
    std::env::var("HQC_BINDINGS_VECTORS").ok().and_then(|v| v.parse().ok()).unwrap_or(6)
}

/// `len` bytes of SHAKE256(label || i): the test's seeds.
fn shake(label: &str, i: usize, len: usize) -> Vec<u8> {
    let mut x = sha3::Shake256::default();
    x.update(label.as_bytes());
    x.update(&(i as u64).to_le_bytes());
    let mut out = vec![0u8; len];
    x.finalize_xof().read(&mut out);
    out
}

/// A deterministic rand_core 0.10 generator (a SHAKE256 stream) for the kem traits.
struct ShakeRng(<sha3::Shake256 as ExtendableOutput>::Reader);

impl ShakeRng {
    fn new(label: &str) -> Self {
        let mut x = sha3::Shake256::default();
        x.update(label.as_bytes());
        ShakeRng(x.finalize_xof())
    }
}

impl rand_core::TryRng for ShakeRng {
    type Error = core::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        let mut b = [0u8; 4];
        self.0.read(&mut b);
        Ok(u32::from_le_bytes(b))
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        let mut b = [0u8; 8];
        self.0.read(&mut b);
        Ok(u64::from_le_bytes(b))
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        self.0.read(dst);
        Ok(())
    }
}
impl rand_core::TryCryptoRng for ShakeRng {}

/// The same user code for any crate implementing the kem 0.3 traits: keys from the rng, one
/// encapsulation, its decapsulation; returns (ek, dk seed, ct, ss, ss decapsulated).
fn generic_round_trip<K: Kem>(rng: &mut ShakeRng) -> (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>)
where
    K::DecapsulationKey: Decapsulate + KeyExport,
{
    let (dk, ek) = K::generate_keypair_from_rng(rng);
    let (ct, ss) = ek.encapsulate_with_rng(rng);
    let back = dk.decapsulate(&ct);
    (ek.to_bytes().to_vec(), dk.to_bytes().to_vec(), ct.to_vec(), ss.to_vec(), back.to_vec())
}

macro_rules! against_hqc_kem {
    ($test:ident, $ours:ident, $Ours:ident, $P:ty) => {
        #[test]
        fn $test() {
            use hqc_fast::$ours as o;
            type Theirs = hqc_kem::HqcKem<$P>;
            for i in 0..vectors() {
                let label = concat!("hqc-kem ", stringify!($ours));
                let seed = shake(label, i, 32);
                let m = shake(label, 1000 + i, o::MESSAGE_BYTES);
                let salt = shake(label, 2000 + i, 16);
                // derandomised keygen and encapsulation, byte for byte
                let (ek, dk) = o::keypair_derand(&seed).unwrap();
                let (tek, tdk) = Theirs::generate_key_deterministic(&seed.clone().try_into().unwrap());
                assert_eq!(ek.as_bytes().as_slice(), tek.as_ref(), "pk, vector {i}");
                let tdk_bytes: Vec<u8> = {
                    // hqc-kem keeps the secret key private; its TryFrom round trip is the check
                    // that our bytes are a key it accepts and that decapsulates as its own.
                    dk.as_bytes().to_vec()
                };
                let (ct, ss) = ek.encapsulate_derand(&m, &salt).unwrap();
                let (tct, tss) = tek.encapsulate_deterministic(&m, &salt.clone().try_into().unwrap()).unwrap();
                assert_eq!(ct.as_bytes().as_slice(), tct.as_ref(), "ct, vector {i}");
                assert_eq!(ss.as_bytes().as_slice(), tss.as_ref(), "ss, vector {i}");
                // round trips both ways: their key decapsulates our ciphertext and ours theirs
                let their_dk_of_ours = hqc_kem::DecapsulationKey::<$P>::try_from(tdk_bytes.as_slice()).unwrap();
                let (rct, rss) = ek.encapsulate().unwrap();
                let tct2 = hqc_kem::Ciphertext::<$P>::try_from(rct.as_ref()).unwrap();
                assert_eq!(their_dk_of_ours.decapsulate(&tct2).as_ref(), rss.as_ref(), "theirs decaps ours {i}");
                assert_eq!(tdk.decapsulate(&tct2).as_ref(), rss.as_ref(), "their own key, vector {i}");
                let mut rng = ShakeRng::new(&format!("{label} rng {i}"));
                let (tct3, tss3) = tek.encapsulate(&mut rng);
                let ss3 = dk.decapsulate_bytes(tct3.as_ref()).unwrap();
                assert_eq!(ss3.as_bytes().as_slice(), tss3.as_ref(), "ours decaps theirs {i}");
                // tampered: one bit flipped at a vector-dependent place gives the implicit-
                // rejection secret, not ss, and the same one as hqc-kem's
                let mut bad = ct.as_bytes().to_vec();
                let pos = (i * 977) % bad.len();
                bad[pos] ^= 1 << (i % 8);
                let rej = dk.decapsulate_bytes(&bad).unwrap();
                assert_ne!(rej.as_bytes(), ss.as_bytes(), "tampered ct accepted, vector {i}");
                let tbad = hqc_kem::Ciphertext::<$P>::try_from(bad.as_slice()).unwrap();
                assert_eq!(rej.as_bytes().as_slice(), tdk.decapsulate(&tbad).as_ref(), "rejection, vector {i}");
            }
            // the kem traits: one generic function, both crates, the same rng stream
            let label = concat!("traits ", stringify!($ours));
            let ours = generic_round_trip::<hqc_fast::$Ours>(&mut ShakeRng::new(label));
            let theirs = generic_round_trip::<$P>(&mut ShakeRng::new(label));
            assert_eq!(ours, theirs, "kem traits");
            assert_eq!(ours.3, ours.4, "kem traits round trip");
        }
    };
}

against_hqc_kem!(hqc_kem_hqc128, hqc128, Hqc128, hqc_kem::Hqc128Params);
against_hqc_kem!(hqc_kem_hqc192, hqc192, Hqc192, hqc_kem::Hqc192Params);
against_hqc_kem!(hqc_kem_hqc256, hqc256, Hqc256, hqc_kem::Hqc256Params);

/// backbone-hqc draws one 48-byte seed per call and expands it with SHAKE256(seed || 0x00):
/// keygen's seed_kem is the first 32 bytes, encapsulation's m and salt follow 32 skipped ones.
struct Fixed48(Vec<u8>);
impl backbone_rand_core::RngCore for Fixed48 {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.copy_from_slice(&self.0[..dest.len()]);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), backbone_rand_core::Error> {
        assert_eq!(dest.len(), self.0.len(), "backbone-hqc draws one 48-byte seed per call");
        self.fill_bytes(dest);
        Ok(())
    }
}
impl backbone_rand_core::CryptoRng for Fixed48 {}

fn expand48(seed: &[u8], len: usize) -> Vec<u8> {
    let mut x = sha3::Shake256::default();
    x.update(seed);
    x.update(&[0u8]);
    let mut out = vec![0u8; len];
    x.finalize_xof().read(&mut out);
    out
}

macro_rules! against_backbone {
    ($test:ident, $ours:ident, $theirs:ident) => {
        #[test]
        fn $test() {
            use backbone_hqc::$theirs as t;
            use hqc_fast::v5_0_0::$ours as o;
            for i in 0..vectors() {
                let label = concat!("backbone ", stringify!($ours));
                let kseed = shake(label, i, 48);
                let eseed = shake(label, 1000 + i, 48);
                let (tpk, tsk) = t::keygen_with_rng(&mut Fixed48(kseed.clone())).unwrap();
                let (ek, dk) = o::keypair_derand(&expand48(&kseed, 32)).unwrap();
                assert_eq!(ek.as_bytes().as_slice(), tpk.as_ref(), "pk, vector {i}");
                assert_eq!(dk.as_bytes().as_slice(), tsk.as_ref(), "sk, vector {i}");
                let coins = expand48(&eseed, 32 + o::MESSAGE_BYTES + 16);
                let (m, salt) = coins[32..].split_at(o::MESSAGE_BYTES);
                let tenc = t::encaps_with_rng(&tpk, &mut Fixed48(eseed.clone())).unwrap();
                let (ct, ss) = ek.encapsulate_derand(m, salt).unwrap();
                assert_eq!(ct.as_bytes().as_slice(), tenc.ciphertext.as_slice(), "ct, vector {i}");
                assert_eq!(ss.as_bytes(), &tenc.shared_secret, "ss, vector {i}");
                // round trips both ways
                let (rct, rss) = ek.encapsulate().unwrap();
                assert_eq!(&t::decaps(&tsk, rct.as_ref()).unwrap(), rss.as_bytes(), "theirs decaps ours {i}");
                let (tpk2, tsk2) = t::keygen().unwrap();
                let tenc2 = t::encaps(&tpk2).unwrap();
                let dk2 = o::DecapsulationKey::from_bytes(tsk2.as_ref()).unwrap();
                assert_eq!(dk2.decapsulate_bytes(&tenc2.ciphertext).unwrap().as_bytes(), &tenc2.shared_secret,
                           "ours decaps theirs {i}");
                // tampered
                let mut bad = ct.as_bytes().to_vec();
                let pos = (i * 1231) % bad.len();
                bad[pos] ^= 0x80 >> (i % 8);
                let rej = dk.decapsulate_bytes(&bad).unwrap();
                assert_ne!(rej.as_bytes(), ss.as_bytes(), "tampered ct accepted, vector {i}");
                assert_eq!(rej.as_bytes(), &t::decaps(&tsk, &bad).unwrap(), "rejection, vector {i}");
                // the dialects differ: the default dialect's keys of the same seed are others
                let (dek, _) = hqc_fast::$ours::keypair_derand(&expand48(&kseed, 32)).unwrap();
                assert_ne!(dek.as_bytes(), ek.as_bytes(), "dialects agree, vector {i}");
            }
        }
    };
}

against_backbone!(backbone_hqc128, hqc128, hqc128);
against_backbone!(backbone_hqc192, hqc192, hqc192);
against_backbone!(backbone_hqc256, hqc256, hqc256);

#[test]
fn wrong_lengths_are_errors() {
    use hqc_fast::{hqc128 as o, Error};
    let err = |what, expected, got| Err(Error::InvalidLength { what, expected, got });
    assert_eq!(o::keypair_derand(&[0; 31]).map(|_| ()), err("seed", 32, 31));
    assert_eq!(o::EncapsulationKey::from_bytes(&[0; 2240]).map(|_| ()), err("public key", 2241, 2240));
    assert_eq!(o::DecapsulationKey::from_bytes(&[0; 2322]).map(|_| ()), err("secret key", 2321, 2322));
    assert_eq!(o::Ciphertext::from_bytes(&[]).map(|_| ()), err("ciphertext", 4433, 0));
    let (ek, dk) = o::keypair().unwrap();
    assert_eq!(ek.encapsulate_derand(&[0; 17], &[0; 16]).map(|_| ()), err("message m", 16, 17));
    assert_eq!(ek.encapsulate_derand(&[0; 16], &[0; 15]).map(|_| ()), err("salt", 16, 15));
    assert_eq!(dk.decapsulate_bytes(&[0; 4434]).map(|_| ()), err("ciphertext", 4433, 4434));
    assert_eq!(format!("{}", Error::InvalidLength { what: "ciphertext", expected: 4433, got: 1 }),
               "ciphertext must be 4433 bytes, got 1");
    // the traits' slice form reports, not panics
    assert!(<o::DecapsulationKey as kem::Decapsulate>::decapsulate_slice(&dk, &[0; 3]).is_err());
    assert!(<o::EncapsulationKey as kem::TryKeyInit>::new_from_slice(&[0; 3]).is_err());
}

#[test]
fn secrets_zeroize_on_drop_and_version() {
    fn zeroize_on_drop<T: zeroize::ZeroizeOnDrop>() {}
    zeroize_on_drop::<hqc_fast::hqc128::DecapsulationKey>();
    zeroize_on_drop::<hqc_fast::v5_0_0::hqc256::SharedSecret>();
    assert_eq!(hqc_fast::c_library_version(), env!("CARGO_PKG_VERSION"));
    assert_eq!(hqc_fast::DIALECT, "161cd4f");
    // tests/test_bindings_rust.py compares this line with the backend the CPU flags call for
    println!("hqc-fast backend: {}", hqc_fast::backend());
    assert!(["ref", "avx2", "vpclmul", "avx512", "neon"].contains(&hqc_fast::backend()));
    assert_eq!(hqc_fast::v5_0_0::DIALECT, "v5.0.0");
}
