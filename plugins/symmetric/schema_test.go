package main

import (
	"errors"
	"testing"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/vectors"
	"crucible.dev/registry/testenv"
)

// The generic Wycheproof engine, which replays a file by its schema alone,
// passes the MAC and HKDF files against these implementations: the same
// files a plugin of its own could declare.
func TestWycheproofBySchema(t *testing.T) {
	files := map[string]string{
		"HMAC-SHA256":   "hmac_sha256_test.json",
		"HMAC-SHA3-256": "hmac_sha3_256_test.json",
		"HKDF-SHA256":   "hkdf_sha256_test.json",
	}
	for _, in := range instances() {
		file, ok := files[in.Name]
		if !ok {
			continue
		}
		delete(files, in.Name)
		v := registry.VectorFile{Name: "wycheproof", Format: "wycheproof", Module: vectors.Wycheproof, Path: "testvectors_v1/" + file}
		res, err := vectors.ReplayVectorFile(v, registry.Local(in))
		if errors.Is(err, vectors.ErrNoVectors) {
			testenv.Skip(t, err)
		}
		if err != nil || res.Failed != 0 || res.Passed == 0 {
			t.Errorf("%s %s: passed %d, failed %d, %v: %v", in.ID(), file, res.Passed, res.Failed, err, res.Failures)
		}
	}
	if len(files) > 0 {
		t.Errorf("no instance for %v", files)
	}
}
