package report

import (
	"fmt"
	"strconv"
	"strings"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

func (m *model) transmission(d *doc, p *evidence.PluginInfo, id string) {
	d.h(2, id+"-6", "6 Transmission and storage")
	d.p(txt("Sizes in bytes as the implementation produced them (declared where it was not exercised). Bandwidth: a KEM's public key and ciphertext; a KEX's message of every pass plus each party's public key once; a signature scheme's public key and one signature."))
	t := d.newTable("instance", "pk:", "sk:", "ct:", "sig:", "ss:", "digest:", "key:", "nonce:", "tag:", "bandwidth:")
	var kex []*evidence.InstanceInfo
	for i := range p.Instances {
		in := &p.Instances[i]
		s := sizesOf(in)
		t.srow(in.ID, countOrDash(s.PublicKey), countOrDash(s.SecretKey), countOrDash(s.Ciphertext), countOrDash(s.Signature), countOrDash(s.SharedSecret),
			countOrDash(s.Digest), countOrDash(s.Key), countOrDash(s.Nonce), countOrDash(s.Overhead), countOrDash(bandwidth(in.Kind, s)))
		if in.Kind == registry.KindKEX {
			kex = append(kex, in)
		}
	}
	if len(kex) > 0 {
		d.h(3, id+"-6-kex", "Key-exchange passes")
		kt := d.newTable("instance", "passes:", "message per pass", "messages total:", "public keys (2×):", "bandwidth:")
		for _, in := range kex {
			s := sizesOf(in)
			var per []string
			total := 0
			for i, l := range s.Messages {
				per = append(per, fmt.Sprintf("pass%d %d", i+1, l))
				total += l
			}
			kt.srow(in.ID, strconv.Itoa(len(s.Messages)), dash(strings.Join(per, ", ")), strconv.Itoa(total), strconv.Itoa(2*s.PublicKey), strconv.Itoa(bandwidth(in.Kind, s)))
		}
	}
	var audit int
	for _, in := range p.Instances {
		audit += len(in.Audit)
	}
	if audit > 0 {
		d.h(3, id+"-6-audit", "Size audit")
		d.p(txt("Each size three ways: the catalog's published value, what the instance declared, and what it returned."))
		at := d.newTable("instance", "field", "catalog:", "declared:", "actual:", "agrees", "note")
		for _, in := range p.Instances {
			for _, a := range in.Audit {
				ok := "yes"
				if !a.OK {
					ok = "NO"
				}
				at.srow(in.ID, a.Field, countOrDash(a.Catalog), countOrDash(a.Declared), countOrDash(a.Actual), ok, dash(a.Note))
			}
		}
	}
}
