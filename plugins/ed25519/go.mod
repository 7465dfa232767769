module crucible.dev/plugins/ed25519

go 1.26.8

require (
	crucible.dev/registry v0.0.0
	crucible.dev/registry/eval v0.0.0
)

replace crucible.dev/registry => ../../registry

replace crucible.dev/registry/eval => ../../registry/eval
