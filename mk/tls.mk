# SPDX-License-Identifier: Apache-2.0 OR MIT
# mk/tls.mk: HQC in TLS 1.3 through oqs-provider (issue 26, README "HQC in TLS").
#   make bench-tls [TLS_RUNS=51]   full handshakes per HQC group, oqs-provider on the pristine
#                                  liboqs against the liboqs that imported our KEM, paired in one
#                                  process (scripts/bench-tls; builds under build/tls)
TLS_RUNS ?= 51
.PHONY: bench-tls
bench-tls:
	$(PYTHON) scripts/bench-tls --runs $(TLS_RUNS)
