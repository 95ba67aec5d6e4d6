# SPDX-License-Identifier: Apache-2.0 OR MIT
# prove.mk: the Frama-C proofs of the portable build (scripts/prove; docs/VERIFICATION.md,
# "What is proven"). Frama-C, Why3, Z3 and CVC4 come from Debian (scripts/install-deps).
#
#   make prove        WP on the decoders' and the sampler's contracts, EVA on the decoder and
#                     on keygen/encaps/decaps of every dialect, at every level
#   make prove-quick  the WP part and EVA on the decoder only (what make test runs,
#                     tests/test_prove.py)
#   make prove-inputs whether every run of the whole proof is recorded as held on inputs that
#                     read as this tree's (scripts/prove-inputs, proofs/proved-inputs.json).
#                     Runs add up across revisions: after `make prove` (or a part of it, by
#                     scripts/prove's --levels, --parts, --ops, --dialects) on a commit REV,
#                     scripts/prove-inputs record build/prove/report.json REV
#   make prove-uncovered  only the runs make prove-inputs finds uncovered (then record them)
# PROVE_JOBS: Frama-C runs at a time (default 2).
PROVE_JOBS ?= 2
.PHONY: prove prove-quick prove-inputs prove-uncovered
prove:
	$(PYTHON) scripts/prove --jobs $(PROVE_JOBS)
prove-quick:
	$(PYTHON) scripts/prove --jobs $(PROVE_JOBS) --parts wp,eva-decode
prove-inputs:
	$(PYTHON) scripts/prove-inputs check
prove-uncovered:
	@mkdir -p build/prove
	$(PYTHON) scripts/prove-inputs uncovered > build/prove/uncovered.txt
	$(PYTHON) scripts/prove --jobs $(PROVE_JOBS) --runs build/prove/uncovered.txt
