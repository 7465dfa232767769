# The workspace's modules; `go test ./...` at the root would match none.
MODULES := $(shell go list -m -f '{{.Dir}}')
PKGS    := $(addsuffix /...,$(MODULES))

.PHONY: test vet check-proto fmt

# test: everything CI runs.
test: fmt vet check-proto
	go test -count=1 $(PKGS)

vet:
	go vet $(PKGS)

# The committed protocol code must be what the pinned generators make.
check-proto:
	go run ./tools/protogen -check

fmt:
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
