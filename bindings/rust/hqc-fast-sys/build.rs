// SPDX-License-Identifier: Apache-2.0 OR MIT
// build.rs: compiles libhqc's C for the target with the cc crate and writes the FFI declarations.
// Which files, and each file's ISA flags, come from the Makefile's own plan (mk/bindings.mk), so
// the crate builds exactly the objects (and runtime dispatch) of `make`; the dialects come from
// the HQC_DIALECTS table of src/hqc/dialect.h, so a new dialect appears here without an edit.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The levels of the library: (level, public key, secret key, ciphertext, message bytes).
const LEVELS: [(u32, usize, usize, usize, usize); 3] =
    [(1, 2241, 2321, 4433, 16), (3, 4514, 4602, 8978, 24), (5, 7237, 7333, 14421, 32)];

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let root = source_root();
    for watched in [
        "src", "include", "Makefile", "mk", "scripts/gen-keccak-tables", "scripts/gen-keccak-avx512", "scripts/gen-rs-tables",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(watched).display());
    }
    println!("cargo:rerun-if-env-changed=HQC_SOURCE_DIR");

    let plan = make_plan(&root, &out);
    let mut objects = Vec::new();
    for (n, line) in plan.lines().enumerate() {
        let mut words = line.split_whitespace();
        let (scope, source) = match (words.next(), words.next()) {
            (Some(s), Some(f)) => (s, f),
            _ => continue,
        };
        let flags: Vec<String> = words.map(|w| absolute_include(w, &root)).collect();
        let levels: &[u32] = if scope == "common" { &[0] } else { &[1, 3, 5] };
        for &level in levels {
            let mut build = cc::Build::new();
            // The plan's flags are the whole command line of `make` (optimisation, -fPIC,
            // visibility): cc adds none of its own.
            build.no_default_flags(true).cargo_metadata(false);
            build.out_dir(out.join("obj").join(format!("{n}-{level}")));
            for f in &flags {
                build.flag(f);
            }
            if level != 0 {
                build.define("HQC_LEVEL", level.to_string().as_str());
            }
            build.file(root.join(source));
            objects.extend(build.compile_intermediates());
        }
    }
    fs::create_dir_all(out.join("lib")).expect("creating the library's folder");
    let mut lib = cc::Build::new();
    lib.objects(objects).out_dir(out.join("lib")).cargo_metadata(true);
    lib.compile("hqc");

    write_bindings(&root, &out);
}

/// The repository holding the C (this crate sits at bindings/rust/hqc-fast-sys), or
/// $HQC_SOURCE_DIR.
fn source_root() -> PathBuf {
    if let Ok(dir) = env::var("HQC_SOURCE_DIR") {
        return PathBuf::from(dir);
    }
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    manifest.join("../../..").canonicalize().expect("the repository root above bindings/rust")
}

/// Runs `make bindings-plan` for the target's C compiler and returns the plan's text.
fn make_plan(root: &Path, out: &Path) -> String {
    let compiler = cc::Build::new().get_compiler();
    let build = out.join("c");
    let make = env::var("MAKE").unwrap_or_else(|_| "make".to_string());
    let status = Command::new(make)
        .current_dir(root)
        .arg("-s")
        .arg(format!("BUILD={}", build.display()))
        .arg(format!("CC={}", compiler.path().display()))
        .arg("BACKEND=auto")
        .arg("bindings-plan")
        // Neither cargo's MAKEFLAGS (jobserver) nor an outer make's (make test BACKEND=ref passes
        // BACKEND through them) are for this one: the plan is always the full dispatching build.
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("MAKELEVEL")
        .status()
        .expect("running make (the compile plan comes from the Makefile)");
    assert!(status.success(), "make bindings-plan failed");
    fs::read_to_string(build.join("bindings-plan.txt")).expect("make wrote the plan")
}

/// -I<relative> made absolute against the repository root (the plan's paths are relative).
fn absolute_include(flag: &str, root: &Path) -> String {
    match flag.strip_prefix("-I") {
        Some(dir) if !Path::new(dir).is_absolute() => format!("-I{}", root.join(dir).display()),
        _ => flag.to_string(),
    }
}

/// The dialects of src/hqc/dialect.h: (id, name, sk_seed), the default first. sk_seed (the
/// table's eighth column) says whether the expanded secret key ends with seed_kem; where it
/// does not, the key is 32 bytes shorter.
fn dialects(root: &Path) -> Vec<(String, String, bool)> {
    let text = fs::read_to_string(root.join("src/hqc/dialect.h")).expect("src/hqc/dialect.h");
    let table = text
        .split("#define HQC_DIALECTS(X)")
        .nth(1)
        .expect("the HQC_DIALECTS table in dialect.h");
    let mut found = Vec::new();
    for line in table.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("X(") else {
            if found.is_empty() {
                continue;
            }
            break;
        };
        let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
        let id = parts[0].to_string();
        let name = parts[1].trim_matches('"').to_string();
        let sk_seed = match parts.get(7) {
            Some(&"1") => true,
            Some(&"0") => false,
            other => panic!("dialect {id}: column sk_seed is {other:?}, not 0 or 1"),
        };
        found.push((id, name, sk_seed));
    }
    assert!(!found.is_empty(), "no dialect in the HQC_DIALECTS table");
    found
}

/// A dialect's Rust module name: its id, with a leading letter if the id starts with a digit
/// (161cd4f -> d161cd4f).
fn module_name(id: &str) -> String {
    if id.starts_with(|c: char| c.is_ascii_digit()) {
        format!("d{id}")
    } else {
        id.to_string()
    }
}

/// $OUT_DIR/bindings.rs: per dialect a module with per level the extern functions and sizes,
/// and the macros for_each_dialect! and default_dialect! that hqc-fast expands over them.
fn write_bindings(root: &Path, out: &Path) {
    let list = dialects(root);
    let mut s = String::new();
    for (id, name, sk_seed) in &list {
        let module = module_name(id);
        writeln!(s, "/// Dialect {name}: the functions of each level (hqc<L>_{id}_crypto_kem_*).").unwrap();
        writeln!(s, "pub mod {module} {{").unwrap();
        writeln!(s, "    /// The dialect's name in libhqc.\n    pub const NAME: &str = \"{name}\";").unwrap();
        for (level, pk, sk, ct, msg) in LEVELS {
            let p = format!("hqc{level}_{id}_crypto_kem_");
            writeln!(s, "    /// HQC-{level} in dialect {name}.").unwrap();
            writeln!(s, "    pub mod hqc{level} {{").unwrap();
            writeln!(s, "        /// Public key bytes.\n        pub const PUBLIC_KEY_BYTES: usize = {pk};").unwrap();
            let sk = if *sk_seed { sk } else { sk - 32 };
            writeln!(s, "        /// Expanded secret key bytes.\n        pub const SECRET_KEY_BYTES: usize = {sk};").unwrap();
            writeln!(s, "        /// Whether the expanded secret key ends with seed_kem.\n        pub const SK_HOLDS_SEED: bool = {sk_seed};").unwrap();
            writeln!(s, "        /// Ciphertext bytes.\n        pub const CIPHERTEXT_BYTES: usize = {ct};").unwrap();
            writeln!(s, "        /// Shared secret bytes.\n        pub const SHARED_SECRET_BYTES: usize = 32;").unwrap();
            writeln!(s, "        /// Bytes of m, encapsulation's message.\n        pub const MESSAGE_BYTES: usize = {msg};").unwrap();
            writeln!(s, "        /// Bytes of encapsulation's salt.\n        pub const SALT_BYTES: usize = 16;").unwrap();
            writeln!(s, "        /// Bytes of keygen's seed.\n        pub const SEED_BYTES: usize = 32;").unwrap();
            writeln!(s, "        extern \"C\" {{").unwrap();
            for (f, args) in [
                ("keypair", "pk: *mut u8, sk: *mut u8"),
                ("enc", "ct: *mut u8, ss: *mut u8, pk: *const u8"),
                ("dec", "ss: *mut u8, ct: *const u8, sk: *const u8"),
                ("keypair_derand", "pk: *mut u8, sk: *mut u8, seed_kem: *const u8"),
                ("enc_derand", "ct: *mut u8, ss: *mut u8, pk: *const u8, m: *const u8, salt: *const u8"),
                ("keypair_seed", "pk: *mut u8, seed_kem: *mut u8"),
                ("expand_seed", "sk: *mut u8, seed_kem: *const u8"),
            ] {
                writeln!(s, "            /// `{p}{f}`: 0 on success, -1 on failure.").unwrap();
                writeln!(s, "            #[link_name = \"{p}{f}\"]").unwrap();
                writeln!(s, "            pub fn {f}({args}) -> i32;").unwrap();
            }
            writeln!(s, "        }}\n    }}").unwrap();
        }
        writeln!(s, "}}").unwrap();
    }
    writeln!(s, "/// Calls `$m!(module, \"name\")` once per dialect of libhqc, the default first.").unwrap();
    writeln!(s, "#[macro_export]\nmacro_rules! for_each_dialect {{ ($m:ident) => {{").unwrap();
    for (id, name, _) in &list {
        writeln!(s, "    $m!({}, \"{name}\");", module_name(id)).unwrap();
    }
    writeln!(s, "}}; }}").unwrap();
    writeln!(s, "/// Calls `$m!(module)` for the default dialect.").unwrap();
    writeln!(s, "#[macro_export]\nmacro_rules! default_dialect {{ ($m:ident) => {{ $m!({}); }}; }}", module_name(&list[0].0)).unwrap();
    fs::write(out.join("bindings.rs"), s).expect("writing bindings.rs");
}
