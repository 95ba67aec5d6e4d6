// SPDX-License-Identifier: Apache-2.0 OR MIT
// build.rs: links the project's static library (HQC_LIB_DIR/libhqc.a, from `make`) and the
// libcrypto it needs for SHA3, so main.rs can call both implementations in one process.
fn main() {
    println!("cargo:rerun-if-env-changed=HQC_LIB_DIR");
    let dir = std::env::var("HQC_LIB_DIR").expect("set HQC_LIB_DIR to the build directory holding libhqc.a");
    println!("cargo:rerun-if-changed={dir}/libhqc.a");
    println!("cargo:rustc-link-search=native={dir}");
    println!("cargo:rustc-link-lib=static=hqc");
    println!("cargo:rustc-link-lib=dylib=crypto");
}
