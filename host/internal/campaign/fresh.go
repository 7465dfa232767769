package campaign

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry/kat"
)

// A published KAT file can be replayed by a plugin that does not implement
// the algorithm. So the host also draws a seed of its own for the run, asks
// every implementation of an instance for a short file grown from it, and
// compares the files byte for byte across implementations: a replayed file
// differs from the first record on.

// freshFile is the first fresh-seed file of an instance and source in the
// run, which later implementations are compared with.
type freshFile struct {
	plugin, id string
	data       []byte
}

// newFreshSeed draws the run's seed.
func newFreshSeed() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("fresh seed: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// freshCheck generates g's file from the run's seed and compares it with
// the first implementation's of the same instance and source.
func (c *Campaign) freshCheck(p *plugin.Process, pluginName, id string, in *plugin.Instance, g plugin.KAT) evidence.KATResult {
	n := c.cfg.Fresh
	r := evidence.KATResult{Source: g.Source + " (fresh seed)", Type: "fresh-seed", Records: n}
	seed, err := hex.DecodeString(c.cfg.FreshSeed)
	if err != nil || len(seed) == 0 {
		r.Status, r.Detail = "error", "no fresh seed for this run"
		return r
	}
	c.cfg.Progress.Step(pluginName, id, fmt.Sprintf("kat %s (%d records, fresh seed)", g.Source, n), "")
	var file bytes.Buffer
	if err := p.GenerateKAT(id, g.Source, n, seed, &file); err != nil {
		r.Status, r.Detail = "error", err.Error()
		return r
	}
	h, err := kat.NewHasher(g.Format)
	if err != nil {
		r.Status, r.Detail = "error", err.Error()
		return r
	}
	h.Write(file.Bytes())
	r.Digest = h.Sum()
	key := in.Name + "\x00" + g.Source + "\x00" + g.Format
	first, ok := c.fresh[key]
	if !ok {
		c.fresh[key] = freshFile{pluginName, id, file.Bytes()}
		r.Status = "none"
		r.Detail = fmt.Sprintf("the first implementation of %s in this run to write it: later ones are compared with it", in.Name)
		return r
	}
	fh, _ := kat.NewHasher(g.Format)
	fh.Write(first.data)
	r.Expected = fh.Sum()
	if r.Digest == r.Expected {
		r.Status = "pass"
		r.Detail = fmt.Sprintf("byte for byte the file %s %s writes from the run's seed", first.plugin, first.id)
		return r
	}
	r.Status = "fail"
	r.Detail = fmt.Sprintf("differs from the file %s %s writes from the run's seed", first.plugin, first.id)
	if m, err := kat.FirstDifference(bytes.NewReader(file.Bytes()), bytes.NewReader(first.data)); err == nil && m != nil {
		r.Detail += ": " + m.Error()
	}
	return r
}
