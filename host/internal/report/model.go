package report

import (
	"sort"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/opkey"
	"crucible.dev/registry"
)

// model indexes a loaded run for rendering. Every list it hands out is
// sorted, so rendering never depends on map order.
type model struct {
	run     *evidence.Run
	sum     *evidence.Summary
	plugins []*evidence.PluginInfo
	recs    map[instanceKey][]*evidence.Record // in Load's order
}

// instanceKey names an instance of a plugin.
type instanceKey struct{ plugin, id string }

func newModel(run *evidence.Run, sum *evidence.Summary) *model {
	m := &model{run: run, sum: sum, recs: map[instanceKey][]*evidence.Record{}}
	for i := range run.Plugins {
		m.plugins = append(m.plugins, &run.Plugins[i])
	}
	for _, r := range run.Records {
		k := instanceKey{r.Plugin, r.Instance}
		m.recs[k] = append(m.recs[k], r)
	}
	for _, rs := range m.recs {
		sort.SliceStable(rs, func(i, j int) bool { return opkey.OpLess(rs[i].Op, rs[j].Op) })
	}
	return m
}

// records are an instance's benchmark records, in protocol order.
func (m *model) records(plugin, id string) []*evidence.Record { return m.recs[instanceKey{plugin, id}] }

// instance finds an instance's description by plugin and ID.
func (m *model) instance(plugin, id string) *evidence.InstanceInfo {
	for _, p := range m.plugins {
		if p.Name != plugin {
			continue
		}
		for i := range p.Instances {
			if p.Instances[i].ID == id {
				return &p.Instances[i]
			}
		}
	}
	return nil
}

// sizesOf are the sizes an instance actually produced, or, when it was not
// exercised, the ones it declared.
func sizesOf(in *evidence.InstanceInfo) registry.Sizes {
	if in.Actual != nil {
		return *in.Actual
	}
	return in.Declared
}

// bandwidth is what crosses the wire for one run of the protocol: a KEM's
// public key and ciphertext; a KEX's messages of every pass plus each
// party's public key once; a signature's public key and one signature.
// Zero when the kind has no protocol.
func bandwidth(kind registry.Kind, s registry.Sizes) int {
	switch kind {
	case registry.KindKEM:
		return s.PublicKey + s.Ciphertext
	case registry.KindKEX:
		n := 2 * s.PublicKey
		for _, m := range s.Messages {
			n += m
		}
		return n
	case registry.KindSig:
		return s.PublicKey + s.Signature
	}
	return 0
}

// trialCalls is the number of timed calls of each trial of r.
func trialCalls(r *evidence.Record) []int64 {
	out := make([]int64, len(r.Trials))
	for i, t := range r.Trials {
		out[i] = int64(len(t.NS)) * t.Batch
	}
	return out
}

// confinement says on every page how the plugins were confined (a run
// without the sandbox rests on its plugins' good faith, and says so) and
// how much the machine disturbed the trials.
func (m *model) confinement(d *doc) {
	sb := m.run.Campaign.Sandbox
	switch {
	case sb.Sandboxed:
		level := ""
		if sb.Level != "" {
			level = " (confinement level " + string(sb.Level) + ")"
		}
		if sb.LimitedBy != "" {
			level += "; limits: " + string(sb.LimitedBy)
		}
		d.p(txtf("Plugins ran sandboxed%s: %s.", level, strings.Join(sb.Mechanisms, ", ")))
	case len(sb.Mechanisms) > 0:
		d.p(txtf("UNSANDBOXED: plugins ran with the evaluator's full rights (%s); their figures rest on their good faith.", strings.Join(sb.Missing, "; ")))
	default:
		d.p(txt("How plugins were confined is not recorded in this run."))
	}
	if g := m.run.Campaign.Noise; g != nil {
		d.p(txtf("Machine noise: %s (%d of %d trials disturbed by other work after %d retries).", g.Grade, g.Disturbed, g.Trials, g.Retried))
	}
}
