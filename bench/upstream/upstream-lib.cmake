# SPDX-License-Identifier: Apache-2.0 OR MIT
# upstream-lib.cmake: stands in as lib/CMakeLists.txt for test builds of an HQC tree that ships
# lib/fips202/ without one (the vendored copy the tests know): the fips202 library every other
# directory links, built from HQC_FIPS202_SOURCE (default: the tree's own fips202.c).
set(HQC_FIPS202_SOURCE "${CMAKE_CURRENT_SOURCE_DIR}/fips202/fips202.c"
    CACHE FILEPATH "the fips202 implementation to build")
add_library(fips202 STATIC "${HQC_FIPS202_SOURCE}")
target_include_directories(fips202 PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/fips202")
# The vendored fips202.c has an unused static function, which the tree's -Werror rejects.
target_compile_options(fips202 PRIVATE -Wno-error)
