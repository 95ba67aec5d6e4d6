// SPDX-License-Identifier: Apache-2.0 OR MIT
//! level.rs: the safe types of one level of one dialect (the macro `level!`, expanded by lib.rs
//! for every dialect of hqc-fast-sys and every level): keys, ciphertext and shared secret,
//! keygen/encapsulation/decapsulation (the KEM of the specification's "HQC-KEM" section, run by
//! libhqc), derandomised variants, and the RustCrypto kem 0.3 traits on a marker type.

macro_rules! level {
    ($module:ident, $Kem:ident, $sys:path, $PkSize:ty, $CtSize:ty, $title:literal) => {
        #[doc = concat!($title, ": keys, ciphertext, shared secret and the KEM functions.")]
        pub mod $module {
            use $crate::error::{check_len, Error};
            use $sys as sys;
            use zeroize::Zeroize;

            /// Public (encapsulation) key bytes.
            pub const PUBLIC_KEY_BYTES: usize = sys::PUBLIC_KEY_BYTES;
            /// Expanded secret (decapsulation) key bytes: public key, seed_dk, sigma, and
            /// seed_kem where the dialect keeps it (SK_HOLDS_SEED).
            pub const SECRET_KEY_BYTES: usize = sys::SECRET_KEY_BYTES;
            /// Whether this dialect's expanded secret key ends with seed_kem (bc-1.87's does
            /// not: its private key form is the seed itself).
            pub const SK_HOLDS_SEED: bool = sys::SK_HOLDS_SEED;
            /// Ciphertext bytes.
            pub const CIPHERTEXT_BYTES: usize = sys::CIPHERTEXT_BYTES;
            /// Shared secret bytes.
            pub const SHARED_SECRET_BYTES: usize = sys::SHARED_SECRET_BYTES;
            /// Bytes of the message m of derandomised encapsulation.
            pub const MESSAGE_BYTES: usize = sys::MESSAGE_BYTES;
            /// Bytes of the salt of derandomised encapsulation.
            pub const SALT_BYTES: usize = sys::SALT_BYTES;
            /// Bytes of the seed (seed_kem) of derandomised key generation.
            pub const SEED_BYTES: usize = sys::SEED_BYTES;

            /// A public key.
            #[derive(Clone, PartialEq, Eq)]
            pub struct EncapsulationKey([u8; PUBLIC_KEY_BYTES]);

            /// A secret key (with its public key, and the seed it was made from where that is
            /// known); zeroized on drop.
            #[derive(Clone)]
            pub struct DecapsulationKey {
                sk: [u8; SECRET_KEY_BYTES],
                ek: EncapsulationKey,
                seed: Option<[u8; SEED_BYTES]>,
            }

            /// A ciphertext.
            #[derive(Clone, PartialEq, Eq)]
            pub struct Ciphertext([u8; CIPHERTEXT_BYTES]);

            /// A shared secret; zeroized on drop.
            #[derive(Clone, PartialEq, Eq)]
            pub struct SharedSecret([u8; SHARED_SECRET_BYTES]);

            /// A fresh key pair from the operating system's randomness. The key keeps its
            /// random seed_kem: in the expanded key where the dialect holds it there, else
            /// (bc-1.87) through keypair_seed and expand_seed, which costs a second key
            /// generation.
            pub fn keypair() -> Result<(EncapsulationKey, DecapsulationKey), Error> {
                let mut dk = DecapsulationKey::zero();
                if SK_HOLDS_SEED {
                    // SAFETY: the buffers have the sizes libhqc writes for this level.
                    let rc = unsafe { sys::keypair(dk.ek.0.as_mut_ptr(), dk.sk.as_mut_ptr()) };
                    if rc != 0 {
                        return Err(Error::Failed);
                    }
                    let mut seed = [0u8; SEED_BYTES];
                    seed.copy_from_slice(&dk.sk[SECRET_KEY_BYTES - SEED_BYTES..]);
                    dk.seed = Some(seed);
                    seed.zeroize();
                    return Ok((dk.ek.clone(), dk));
                }
                let mut seed = [0u8; SEED_BYTES];
                // SAFETY: pk has PUBLIC_KEY_BYTES, seed SEED_BYTES, as libhqc writes them.
                let rc = unsafe { sys::keypair_seed(dk.ek.0.as_mut_ptr(), seed.as_mut_ptr()) };
                // SAFETY: expand_seed reads SEED_BYTES and writes SECRET_KEY_BYTES.
                let rc2 = if rc == 0 { unsafe { sys::expand_seed(dk.sk.as_mut_ptr(), seed.as_ptr()) } } else { rc };
                dk.seed = Some(seed);
                seed.zeroize();
                if rc2 != 0 || dk.sk[..PUBLIC_KEY_BYTES] != dk.ek.0[..] {
                    return Err(Error::Failed);
                }
                Ok((dk.ek.clone(), dk))
            }

            /// The key pair of a 32-byte seed (seed_kem): the same seed gives the same keys.
            pub fn keypair_derand(seed: &[u8]) -> Result<(EncapsulationKey, DecapsulationKey), Error> {
                check_len("seed", SEED_BYTES, seed.len())?;
                let mut dk = DecapsulationKey::zero();
                // SAFETY: the buffers have the sizes libhqc reads and writes for this level.
                let rc = unsafe {
                    sys::keypair_derand(dk.ek.0.as_mut_ptr(), dk.sk.as_mut_ptr(), seed.as_ptr())
                };
                if rc != 0 {
                    return Err(Error::Failed);
                }
                let mut kept = [0u8; SEED_BYTES];
                kept.copy_from_slice(seed);
                dk.seed = Some(kept);
                kept.zeroize();
                Ok((dk.ek.clone(), dk))
            }

            impl EncapsulationKey {
                /// The key of `bytes` (PUBLIC_KEY_BYTES of them).
                pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                    check_len("public key", PUBLIC_KEY_BYTES, bytes.len())?;
                    let mut ek = EncapsulationKey([0; PUBLIC_KEY_BYTES]);
                    ek.0.copy_from_slice(bytes);
                    Ok(ek)
                }

                /// The key's bytes.
                pub fn as_bytes(&self) -> &[u8; PUBLIC_KEY_BYTES] {
                    &self.0
                }

                /// A ciphertext and the shared secret it carries, from the operating system's
                /// randomness.
                pub fn encapsulate(&self) -> Result<(Ciphertext, SharedSecret), Error> {
                    let mut ct = Ciphertext([0; CIPHERTEXT_BYTES]);
                    let mut ss = SharedSecret([0; SHARED_SECRET_BYTES]);
                    // SAFETY: the buffers have the sizes libhqc reads and writes.
                    let rc = unsafe { sys::enc(ct.0.as_mut_ptr(), ss.0.as_mut_ptr(), self.0.as_ptr()) };
                    if rc != 0 {
                        return Err(Error::Failed);
                    }
                    Ok((ct, ss))
                }

                /// Encapsulation of the message `m` (MESSAGE_BYTES) with `salt` (16 bytes): the
                /// same inputs give the same ciphertext and secret.
                pub fn encapsulate_derand(&self, m: &[u8], salt: &[u8]) -> Result<(Ciphertext, SharedSecret), Error> {
                    check_len("message m", MESSAGE_BYTES, m.len())?;
                    check_len("salt", SALT_BYTES, salt.len())?;
                    let mut ct = Ciphertext([0; CIPHERTEXT_BYTES]);
                    let mut ss = SharedSecret([0; SHARED_SECRET_BYTES]);
                    // SAFETY: every buffer has the size libhqc reads or writes.
                    let rc = unsafe {
                        sys::enc_derand(ct.0.as_mut_ptr(), ss.0.as_mut_ptr(), self.0.as_ptr(),
                                        m.as_ptr(), salt.as_ptr())
                    };
                    if rc != 0 {
                        return Err(Error::Failed);
                    }
                    Ok((ct, ss))
                }
            }

            impl core::fmt::Debug for EncapsulationKey {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "{}::EncapsulationKey({} bytes)", $title, PUBLIC_KEY_BYTES)
                }
            }

            impl AsRef<[u8]> for EncapsulationKey {
                fn as_ref(&self) -> &[u8] {
                    &self.0
                }
            }

            impl DecapsulationKey {
                fn zero() -> Self {
                    DecapsulationKey { sk: [0; SECRET_KEY_BYTES], ek: EncapsulationKey([0; PUBLIC_KEY_BYTES]), seed: None }
                }

                /// The key of `bytes`, an expanded key (SECRET_KEY_BYTES of them; the public key
                /// is their start). Its seed is known only where the dialect keeps it there.
                pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                    check_len("secret key", SECRET_KEY_BYTES, bytes.len())?;
                    let mut dk = DecapsulationKey::zero();
                    dk.sk.copy_from_slice(bytes);
                    dk.ek.0.copy_from_slice(&bytes[..PUBLIC_KEY_BYTES]);
                    if SK_HOLDS_SEED {
                        let mut seed = [0u8; SEED_BYTES];
                        seed.copy_from_slice(&bytes[SECRET_KEY_BYTES - SEED_BYTES..]);
                        dk.seed = Some(seed);
                        seed.zeroize();
                    }
                    Ok(dk)
                }

                /// The key of a 32-byte seed (seed_kem), expanded: the same as keypair_derand's.
                pub fn from_seed(seed: &[u8]) -> Result<Self, Error> {
                    Ok(keypair_derand(seed)?.1)
                }

                /// The secret key's bytes.
                pub fn as_bytes(&self) -> &[u8; SECRET_KEY_BYTES] {
                    &self.sk
                }

                /// The public key inside.
                pub fn encapsulation_key(&self) -> &EncapsulationKey {
                    &self.ek
                }

                /// The 32-byte seed (seed_kem) it was made from, or None for a key read with
                /// from_bytes in a dialect whose expanded key does not hold it (bc-1.87).
                pub fn seed(&self) -> Option<&[u8]> {
                    self.seed.as_ref().map(|s| &s[..])
                }

                /// The shared secret of `ct`. An invalid ciphertext of the right length gives
                /// the implicit-rejection secret, as the specification says, not an error.
                pub fn decapsulate(&self, ct: &Ciphertext) -> Result<SharedSecret, Error> {
                    let mut ss = SharedSecret([0; SHARED_SECRET_BYTES]);
                    // SAFETY: the buffers have the sizes libhqc reads and writes.
                    let rc = unsafe { sys::dec(ss.0.as_mut_ptr(), ct.0.as_ptr(), self.sk.as_ptr()) };
                    if rc != 0 {
                        return Err(Error::Failed);
                    }
                    Ok(ss)
                }

                /// decapsulate of a ciphertext given as bytes (CIPHERTEXT_BYTES of them).
                pub fn decapsulate_bytes(&self, ct: &[u8]) -> Result<SharedSecret, Error> {
                    self.decapsulate(&Ciphertext::from_bytes(ct)?)
                }
            }

            impl Drop for DecapsulationKey {
                fn drop(&mut self) {
                    self.sk.zeroize();
                    if let Some(seed) = self.seed.as_mut() {
                        seed.zeroize();
                    }
                }
            }

            impl zeroize::ZeroizeOnDrop for DecapsulationKey {}

            impl core::fmt::Debug for DecapsulationKey {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "{}::DecapsulationKey(..)", $title)
                }
            }

            impl Ciphertext {
                /// The ciphertext of `bytes` (CIPHERTEXT_BYTES of them).
                pub fn from_bytes(bytes: &[u8]) -> Result<Self, Error> {
                    check_len("ciphertext", CIPHERTEXT_BYTES, bytes.len())?;
                    let mut ct = Ciphertext([0; CIPHERTEXT_BYTES]);
                    ct.0.copy_from_slice(bytes);
                    Ok(ct)
                }

                /// The ciphertext's bytes.
                pub fn as_bytes(&self) -> &[u8; CIPHERTEXT_BYTES] {
                    &self.0
                }
            }

            impl AsRef<[u8]> for Ciphertext {
                fn as_ref(&self) -> &[u8] {
                    &self.0
                }
            }

            impl core::fmt::Debug for Ciphertext {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "{}::Ciphertext({} bytes)", $title, CIPHERTEXT_BYTES)
                }
            }

            impl SharedSecret {
                /// The secret's bytes.
                pub fn as_bytes(&self) -> &[u8; SHARED_SECRET_BYTES] {
                    &self.0
                }
            }

            impl AsRef<[u8]> for SharedSecret {
                fn as_ref(&self) -> &[u8] {
                    &self.0
                }
            }

            impl Drop for SharedSecret {
                fn drop(&mut self) {
                    self.0.zeroize();
                }
            }

            impl zeroize::ZeroizeOnDrop for SharedSecret {}

            impl core::fmt::Debug for SharedSecret {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    write!(f, "{}::SharedSecret(..)", $title)
                }
            }

            // ---- the RustCrypto kem 0.3 traits, on the same types as hqc-kem 0.1.0-rc.0 ----
            // The trait methods have no error channel. Every input they take has its length
            // fixed by its type, and libhqc built with its own Keccak (as here) fails only
            // for want of OS randomness, which these paths never ask for: they derive
            // everything from the caller's rng or seed.

            use kem::common::array::Array;
            use kem::consts::U32;

            const INFALLIBLE: &str = "libhqc's derandomised calls cannot fail in this build";

            impl kem::KeySizeUser for EncapsulationKey {
                type KeySize = $PkSize;
            }

            impl kem::TryKeyInit for EncapsulationKey {
                fn new(key: &kem::Key<Self>) -> Result<Self, kem::InvalidKey> {
                    EncapsulationKey::from_bytes(key.as_slice()).map_err(|_| kem::InvalidKey)
                }
            }

            impl kem::KeyExport for EncapsulationKey {
                fn to_bytes(&self) -> kem::Key<Self> {
                    let mut out = Array::<u8, $PkSize>::default();
                    out.as_mut_slice().copy_from_slice(&self.0);
                    out
                }
            }

            impl kem::Encapsulate for EncapsulationKey {
                type Kem = super::$Kem;

                fn encapsulate_with_rng<R>(&self, rng: &mut R) -> (kem::Ciphertext<super::$Kem>, kem::SharedKey<super::$Kem>)
                where
                    R: rand_core::CryptoRng + ?Sized,
                {
                    let mut coins = [0u8; MESSAGE_BYTES + SALT_BYTES];
                    rng.fill_bytes(&mut coins);
                    let res = self.encapsulate_derand(&coins[..MESSAGE_BYTES], &coins[MESSAGE_BYTES..]);
                    coins.zeroize();
                    let (ct, ss) = res.expect(INFALLIBLE);
                    let mut act = Array::<u8, $CtSize>::default();
                    act.as_mut_slice().copy_from_slice(&ct.0);
                    let mut ass = Array::<u8, U32>::default();
                    ass.as_mut_slice().copy_from_slice(&ss.0);
                    (act, ass)
                }
            }

            /// The decapsulation key's trait form is its 32-byte seed, as in hqc-kem.
            impl kem::KeySizeUser for DecapsulationKey {
                type KeySize = U32;
            }

            impl kem::KeyInit for DecapsulationKey {
                fn new(seed: &kem::Key<Self>) -> Self {
                    keypair_derand(seed.as_slice()).expect(INFALLIBLE).1
                }
            }

            impl kem::KeyExport for DecapsulationKey {
                fn to_bytes(&self) -> kem::Key<Self> {
                    let mut out = Array::<u8, U32>::default();
                    // The one panic of these types: the trait has no error channel, and a bc-1.87
                    // key read from its expanded form has no seed to export. Every key made by
                    // keypair, keypair_derand, from_seed, KeyInit or Generate has one.
                    let seed = self.seed().expect("this expanded key holds no seed_kem (bc-1.87): keep the seed");
                    out.as_mut_slice().copy_from_slice(seed);
                    out
                }
            }

            impl kem::Generate for DecapsulationKey {
                fn try_generate_from_rng<R: rand_core::TryCryptoRng + ?Sized>(rng: &mut R) -> Result<Self, R::Error> {
                    let mut seed = [0u8; SEED_BYTES];
                    rng.try_fill_bytes(&mut seed)?;
                    let dk = keypair_derand(&seed).expect(INFALLIBLE).1;
                    seed.zeroize();
                    Ok(dk)
                }
            }

            impl kem::Decapsulator for DecapsulationKey {
                type Kem = super::$Kem;

                fn encapsulation_key(&self) -> &EncapsulationKey {
                    &self.ek
                }
            }

            impl kem::Decapsulate for DecapsulationKey {
                fn decapsulate(&self, ct: &kem::Ciphertext<super::$Kem>) -> kem::SharedKey<super::$Kem> {
                    let mut ss = [0u8; SHARED_SECRET_BYTES];
                    // SAFETY: the buffers have the sizes libhqc reads and writes.
                    let rc = unsafe { sys::dec(ss.as_mut_ptr(), ct.as_slice().as_ptr(), self.sk.as_ptr()) };
                    assert!(rc == 0, "{}", INFALLIBLE);
                    let out = Array::<u8, U32>::from(ss);
                    ss.zeroize();
                    out
                }
            }
        }

        #[doc = concat!($title, " as a RustCrypto `kem::Kem` (the keys are those of [`", stringify!($module), "`]).")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $Kem;

        impl kem::Kem for $Kem {
            type DecapsulationKey = $module::DecapsulationKey;
            type EncapsulationKey = $module::EncapsulationKey;
            type SharedKeySize = kem::consts::U32;
            type CiphertextSize = $CtSize;
        }
    };
}
