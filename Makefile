# The workspace's modules; `go test ./...` at the root would match none.
MODULES := $(shell go list -m -f '{{.Dir}}')
PKGS    := $(addsuffix /...,$(MODULES))

.PHONY: test test-arm64 test-arm64-ngcc vet lint check-proto fmt fuzz

# test: everything CI runs.
test: fmt vet lint check-proto
	go test -count=1 -timeout 60m $(PKGS)
	# sntrup's portable code as a purego build compiles it (its tests rerun
	# the dispatched, plain-AVX2 and portable paths themselves).
	go test -count=1 -tags purego ./plugins/sntrup/...
	$(MAKE) fuzz FUZZTIME=20000x

# test-arm64: the pure-Go modules' tests built for linux/arm64 without cgo
# and run under qemu-aarch64 (tools/setup.sh installs qemu-user-static):
# every KAT of the pure-Go plugins on their portable paths, the registry,
# and the unit tests of the host and the tools. Their end-to-end tests
# build and start executables, which would be arm64 ones the kernel here
# cannot start (no binfmt_misc in CI), so those two run with -short, which
# skips them and says so. No package takes half a minute under qemu here:
# a package that hangs fails at 10 minutes with every goroutine's stack,
# well inside CI's budget, where 60 had it killed without one. plugins/ngcc (cgo: the NGCC C adapter) is
# covered by test-arm64-ngcc; without cgo the libsecp256k1 instances report
# themselves unavailable (docs/arm64.md).
QEMU_ARM64 ?= qemu-aarch64-static
ARM64 := env GOARCH=arm64 CGO_ENABLED=0 go test -count=1 -timeout 10m -exec $(QEMU_ARM64)
ARM64_SHORT := $(CURDIR)/host/... $(CURDIR)/tools/...
ARM64_NONE := $(CURDIR)/plugins/ngcc/...
test-arm64:
	$(ARM64) $(filter-out $(ARM64_SHORT) $(ARM64_NONE),$(PKGS))
	$(ARM64) -short $(ARM64_SHORT)
	$(MAKE) test-arm64-ngcc

# test-arm64-ngcc: the toy NGCC submissions built by host build-ngcc with cgo
# for linux/arm64 (Debian's aarch64-linux-gnu-gcc) and for this machine;
# each arm64 plugin's KAT file, generated under qemu with the arm64 C
# library, must equal this machine's build's byte for byte (which make test
# checks against the Go models).
NGCC_ARM64 := $(or $(TMPDIR),/tmp)/crucible-ngcc-arm64
NGCC_TOYS := "kem toykem --cflags -DSECURITY_LEVEL=128" "kex toykex --instance ToyKEX"
test-arm64-ngcc:
	rm -rf $(NGCC_ARM64) && mkdir -p $(NGCC_ARM64)/native $(NGCC_ARM64)/arm64
	go build -o $(NGCC_ARM64)/host ./host
	@set -e; for toy in $(NGCC_TOYS); do \
		set -- $$toy; kind=$$1; name=$$2; shift 2; \
		$(NGCC_ARM64)/host build-ngcc --kind $$kind --src plugins/ngcc/testdata/$$name --name $$name --out $(NGCC_ARM64)/native "$$@" >/dev/null; \
		GOARCH=arm64 CC=aarch64-linux-gnu-gcc $(NGCC_ARM64)/host build-ngcc --kind $$kind --src plugins/ngcc/testdata/$$name --name $$name --out $(NGCC_ARM64)/arm64 "$$@" >/dev/null; \
		$(NGCC_ARM64)/native/crucible-plugin-$$name kat > $(NGCC_ARM64)/$$name.native.kat; \
		$(QEMU_ARM64) -L /usr/aarch64-linux-gnu $(NGCC_ARM64)/arm64/crucible-plugin-$$name kat > $(NGCC_ARM64)/$$name.arm64.kat; \
		test -s $(NGCC_ARM64)/$$name.native.kat; \
		cmp $(NGCC_ARM64)/$$name.native.kat $(NGCC_ARM64)/$$name.arm64.kat; \
		echo "ngcc $$name: the arm64 build's KAT file equals the native one ($$(wc -l < $(NGCC_ARM64)/$$name.arm64.kat) lines)"; \
	done
	rm -rf $(NGCC_ARM64)

# fuzz: each fuzz target for FUZZTIME (longer by hand: make fuzz FUZZTIME=10m).
# make test gives a count of inputs, not a duration: a duration can end while a
# worker is busy, which go test reports as a failure ("context deadline exceeded").
FUZZTIME ?= 30s
FUZZ_TARGETS := ./registry/eval/katcheck:FuzzReadRecords ./registry/eval/katcheck:FuzzCanonical \
	./registry/eval/vectors:FuzzACVPJoin ./registry/eval/vectors:FuzzWycheproofGroup \
	./host/internal/profile:FuzzHashShare ./host/internal/campaign:FuzzRecompute \
	./host/internal/audit:FuzzAudit \
	./host/internal/plugin:FuzzCheckBench ./host/internal/plugin:FuzzCheckDescribe \
	./plugins/secp256k1/k256:FuzzParseDERSignature ./plugins/secp256k1/secp256k1:FuzzCrucibleVerifyECDSA \
	./plugins/secp256k1/secp256k1:FuzzCrucibleVerifySchnorr ./plugins/secp256k1/secp256k1:FuzzCrucibleECDH
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
		go test -list "^$$name\$$" $$pkg | grep -qx "$$name" || { echo "no fuzz target $$name in $$pkg"; exit 1; }; \
		go test -run XXX -fuzz "^$$name\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	done

vet:
	go vet $(PKGS)

# staticcheck, pinned; fetched through the module proxy on first use.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	go run $(STATICCHECK) $(PKGS)

# The committed protocol code must be what the pinned generators make.
check-proto:
	go run ./tools/protogen -check

fmt:
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
