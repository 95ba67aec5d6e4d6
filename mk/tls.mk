# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/tls.mk: HQC in TLS 1.3 through oqs-provider, and in liboqs itself (issue 26, README "HQC
# in TLS").
#   make bench-tls [TLS_RUNS=51]   full handshakes per HQC group, oqs-provider on the pristine
#                                  liboqs against the liboqs that imported our KEM, paired in one
#                                  process (scripts/bench-tls; builds under build/tls)
TLS_RUNS ?= 51
.PHONY: bench-tls
bench-tls:
	$(PYTHON) scripts/bench-tls --runs $(TLS_RUNS)

# make bench-liboqs              HQC in the pristine liboqs 0.16.0 against HQC imported from
#                                this repository: liboqs's speed_kem per build, and both in one
#                                process (scripts/bench-liboqs; builds under build/liboqs-bench)
.PHONY: bench-liboqs
bench-liboqs:
	$(PYTHON) scripts/bench-liboqs
