package main

import "text/template"

// kind is what a scaffold differs in by the interface it implements.
type kind struct {
	Kind    string // registry kind name
	Const   string // registry.Kind constant
	Field   string // registry.Instance field the implementation goes in
	Type    string // the implementation's type in the generated package
	Sizes   string // registry.Sizes literal body, in terms of the package's constants
	Catalog string // the "sizes" object's body of an evaluator's catalog entry (docs/catalog.md)
	Imports string // the implementation package's imports beyond errors and fmt
	impl    *template.Template
}

var kinds = map[string]kind{
	"kem": {Kind: "kem", Imports: `"io"`, Const: "KindKEM", Field: "KEM", Type: "KEM",
		Sizes:   "PublicKey: {{.Name}}.PublicKeySize, SecretKey: {{.Name}}.SecretKeySize, Ciphertext: {{.Name}}.CiphertextSize, SharedSecret: {{.Name}}.SharedSecretSize",
		Catalog: `"pk": 0, "sk": 0, "ct": 0, "ss": 0`,
		impl:    implTmpl("kem", kemImpl)},
	"sig": {Kind: "sig", Imports: `"io"`, Const: "KindSig", Field: "Signature", Type: "Scheme",
		Sizes:   "PublicKey: {{.Name}}.PublicKeySize, SecretKey: {{.Name}}.SecretKeySize, Signature: {{.Name}}.SignatureSize",
		Catalog: `"pk": 0, "sk": 0, "sig": 0`,
		impl:    implTmpl("sig", sigImpl)},
	"kex": {Kind: "kex", Imports: "\"io\"\n\n\t\"crucible.dev/registry\"", Const: "KindKEX", Field: "KEX", Type: "Exchange",
		Sizes:   "PublicKey: {{.Name}}.PublicKeySize, SecretKey: {{.Name}}.SecretKeySize, SharedSecret: {{.Name}}.SharedSecretSize, Messages: {{.Name}}.MessageSizes()",
		Catalog: `"pk": 0, "sk": 0, "ss": 0, "messages": [0, 0]`,
		impl:    implTmpl("kex", kexImpl)},
	"hash": {Kind: "hash", Const: "KindHash", Field: "Hash", Type: "Hash",
		Sizes:   "Digest: {{.Name}}.Size",
		Catalog: `"digest": 0`,
		impl:    implTmpl("hash", hashImpl)},
	"aead": {Kind: "aead", Imports: `"crypto/cipher"`, Const: "KindAEAD", Field: "AEAD", Type: "AEAD",
		Sizes:   "Key: {{.Name}}.KeySize, Nonce: {{.Name}}.NonceSize, Overhead: {{.Name}}.Overhead",
		Catalog: `"key": 0, "nonce": 0, "overhead": 0`,
		impl:    implTmpl("aead", aeadImpl)},
}

func implTmpl(name, body string) *template.Template {
	return template.Must(template.New(name).Parse(implHeader + body))
}

// sizes expands a kind's Sizes body for the plugin.
func (p params) SizesLit() string {
	var b []byte
	t := template.Must(template.New("sizes").Parse(p.Kind.Sizes))
	w := &byteWriter{&b}
	if err := t.Execute(w, p); err != nil {
		panic(err)
	}
	return string(b)
}

type byteWriter struct{ b *[]byte }

func (w *byteWriter) Write(p []byte) (int, error) { *w.b = append(*w.b, p...); return len(p), nil }

var goModTmpl = template.Must(template.New("go.mod").Parse(`module crucible.dev/plugins/{{.Name}}

go {{.Go}}

require crucible.dev/registry v0.0.0

replace crucible.dev/registry => {{.Registry}}
`))

var mainTmpl = template.Must(template.New("main.go").Parse(`// Command {{.Name}} is the Crucible plugin for {{.Instance}}.
//
// Scaffolded by tools/newplugin: see README.md for what is left to do.
package main

import "crucible.dev/registry"

func main() {
	registry.Serve(&registry.Plugin{Name: "{{.Name}}", Version: "0.1.0", Instances: instances()})
}
`))

var instancesTmpl = template.Must(template.New("instances.go").Parse(`package main

import (
	"crucible.dev/plugins/{{.Name}}/{{.Name}}"
	"crucible.dev/registry"
)

// instances is what the plugin serves: one instance per parameter set.
// Sizes come from the implementation's own constants, which the host
// audits against the catalog and against what the operations return.
func instances() []*registry.Instance {
	return []*registry.Instance{ {
		Name:  {{.Name}}.Name,
		Impl:  "go-std",
		Kind:  registry.{{.Kind.Const}},
		{{.Kind.Field}}: {{.Name}}.{{.Kind.Type}}{},
		Sizes: registry.Sizes{ {{.SizesLit}} },
		// KATs: the known-answer files the implementation can generate
		// (registry.KATGenerator), with the digests it declares for them
		// (Declared, from a kat.sha256) and the vector files it passes
		// (Vectors); see docs/adding-a-plugin.md.
		Notes: map[string]string{
			"implementation": "scaffold: every operation returns not implemented",
		},
	} }
}
`))

var testTmpl = template.Must(template.New("instances_test.go").Parse(`package main

import (
	"crypto/rand"
	"testing"

	"crucible.dev/registry"
)

// TestOperations runs every benchmarked operation once on valid inputs,
// as the host's benchmark does. It fails until the scheme is implemented;
// add known-answer tests beside it (see README.md).
func TestOperations(t *testing.T) {
	for _, in := range instances() {
		for _, op := range registry.Ops(in) {
			if op.Prepare == nil {
				continue
			}
			run, err := op.Prepare(rand.Reader, registry.BenchParams{MsgLen: 64, OutLen: 64})
			if err == nil {
				err = run()
			}
			if err != nil {
				t.Errorf("%s %s: %v", in.ID(), op.Name, err)
			}
		}
	}
}
`))

const implHeader = `// Package {{.Name}} implements {{.Instance}}.
//
// Scaffolded by tools/newplugin: every operation returns ErrNotImplemented
// until it is written. Cite the specification's sections in comments as
// the code takes shape, and keep parameter sets as data.
package {{.Name}}

import (
	"errors"
	"fmt"
	{{.Kind.Imports}}
)

// Name is the instance's catalog name.
const Name = "{{.Instance}}"

// ErrNotImplemented is what every operation of the scaffold returns.
var ErrNotImplemented = errors.New("not implemented")

// notImplemented names the operation that is missing.
func notImplemented(op string) error { return fmt.Errorf("%s %s: %w", op, Name, ErrNotImplemented) }
`

const kemImpl = `
// Sizes in bytes, from the specification (0 until filled in: the host's
// size audit flags them).
const (
	PublicKeySize    = 0
	SecretKeySize    = 0
	CiphertextSize   = 0
	SharedSecretSize = 0
)

// KEM is {{.Instance}} as a registry.KEM. All randomness comes from the
// io.Reader given, so KATs can replay it.
type KEM struct{}

// GenerateKey returns a key pair.
func (KEM) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return nil, nil, notImplemented("keygen")
}

// Encapsulate returns a ciphertext and the shared secret it carries.
func (KEM) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	return nil, nil, notImplemented("encaps")
}

// Decapsulate returns the shared secret of ct.
func (KEM) Decapsulate(sk, ct []byte) (ss []byte, err error) {
	return nil, notImplemented("decaps")
}
`

const sigImpl = `
// Sizes in bytes, from the specification (0 until filled in: the host's
// size audit flags them).
const (
	PublicKeySize = 0
	SecretKeySize = 0
	SignatureSize = 0
)

// Scheme is {{.Instance}} as a registry.Signature. All randomness comes
// from the io.Reader given (nil: the deterministic variant).
type Scheme struct{}

// GenerateKey returns a key pair.
func (Scheme) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	return nil, nil, notImplemented("keygen")
}

// Sign signs msg under sk with context ctx.
func (Scheme) Sign(rand io.Reader, sk, msg, ctx []byte) (sig []byte, err error) {
	return nil, notImplemented("sign")
}

// Verify returns nil for a valid signature.
func (Scheme) Verify(pk, msg, sig, ctx []byte) error {
	return notImplemented("verify")
}
`

const kexImpl = `
// Sizes in bytes, from the specification (0 until filled in: the host's
// size audit flags them).
const (
	PublicKeySize    = 0
	SecretKeySize    = 0
	SharedSecretSize = 0
	// Passes is the number of protocol messages.
	Passes = 2
)

// MessageSizes is the length of each pass's message.
func MessageSizes() []int { return make([]int, Passes) }

// Exchange is {{.Instance}} as a registry.KEX: A sends the odd passes, B
// the even ones. All randomness comes from the io.Reader given.
type Exchange struct{}

// Passes is the number of protocol messages.
func (Exchange) Passes() int { return Passes }

// Init makes party p's keys and initial state.
func (Exchange) Init(p registry.Party, rand io.Reader) (pk, sk, st []byte, err error) {
	return nil, nil, nil, notImplemented("init_" + p.String())
}

// Pass computes pass i for its sender.
func (Exchange) Pass(i int, rand io.Reader, pk, sk, peerPK, st, in []byte) (out, newSt []byte, err error) {
	return nil, nil, notImplemented(fmt.Sprintf("pass%d", i))
}

// Derive gives party p's shared secret.
func (Exchange) Derive(p registry.Party, pk, sk, peerPK, st, in []byte) (ss []byte, err error) {
	return nil, notImplemented("derive_" + p.String())
}
`

const hashImpl = `
// Size is the digest length in bytes (0 until filled in: the host's size
// audit flags it).
const Size = 0

// Hash is {{.Instance}} as a registry.Hash.
type Hash struct{}

// Size is the digest length in bytes.
func (Hash) Size() int { return Size }

// Sum appends the digest of msg to dst. registry.Hash has no error to
// return, so the scaffold panics: the host reports the plugin's crash.
func (Hash) Sum(dst, msg []byte) []byte {
	panic(notImplemented("hash"))
}
`

const aeadImpl = `
// Sizes in bytes, from the specification (0 until filled in: the host's
// size audit flags them).
const (
	KeySize   = 0
	NonceSize = 0
	Overhead  = 0
)

// AEAD is {{.Instance}} as a registry.AEAD.
type AEAD struct{}

// KeySize is the key length in bytes.
func (AEAD) KeySize() int { return KeySize }

// New returns the cipher.AEAD under key.
func (AEAD) New(key []byte) (cipher.AEAD, error) {
	return nil, notImplemented("new")
}
`
