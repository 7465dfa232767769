# The workspace's modules; `go test ./...` at the root would match none.
MODULES := $(shell go list -m -f '{{.Dir}}')
PKGS    := $(addsuffix /...,$(MODULES))

.PHONY: test vet lint check-proto fmt fuzz

# test: everything CI runs.
test: fmt vet lint check-proto
	go test -count=1 -timeout 30m $(PKGS)
	$(MAKE) fuzz FUZZTIME=20000x

# fuzz: each fuzz target for FUZZTIME (longer by hand: make fuzz FUZZTIME=10m).
# make test gives a count of inputs, not a duration: a duration can end while a
# worker is busy, which go test reports as a failure ("context deadline exceeded").
FUZZTIME ?= 30s
FUZZ_TARGETS := ./registry/kat:FuzzReadRecords ./registry/kat:FuzzCanonical \
	./registry/vectors:FuzzACVPJoin ./registry/vectors:FuzzWycheproofGroup \
	./host/internal/campaign:FuzzHashShare ./host/internal/campaign:FuzzRecompute \
	./host/internal/campaign:FuzzAudit \
	./host/internal/plugin:FuzzCheckBench ./host/internal/plugin:FuzzCheckDescribe
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		echo "fuzz $$pkg $$name ($(FUZZTIME))"; \
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
