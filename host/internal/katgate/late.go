package katgate

import (
	"fmt"
	"maps"
	"slices"

	"crucible.dev/host/internal/evidence"
)

// A designated reference named without its plugin (the NGCC adapter's
// builds) may run after an implementation it should judge. The reference's
// run then compares the two, and the earlier implementation's KAT record,
// already written, is brought up to date at the end of the campaign.

// lateJudgement is the verdict on one fresh-seed result of an earlier
// implementation.
type lateJudgement struct {
	plugin, id, source string
	status             evidence.KATStatus
	detail             string
}

// judgeLate records the verdict on the earlier implementation's result of
// source against what (the reference's answers), and raises the finding a
// disagreement is.
func (c *Gate) judgeLate(pluginName, id, source, what string, diff error) {
	j := lateJudgement{plugin: pluginName, id: id, source: source, status: evidence.KATPass,
		detail: fmt.Sprintf("agrees with %s, which ran after it", what)}
	if diff != nil {
		j.status, j.detail = evidence.KATFail, fmt.Sprintf("disagrees with %s, which ran after it: %v", what, diff)
		c.Finding(evidence.Finding{Plugin: pluginName, Instance: id, Op: "kat " + source, What: "kat", Detail: j.detail})
	}
	c.late = append(c.late, j)
}

// lateVerdict is a designated reference's result when another
// implementation ran before it: the reference is right by designation, so
// its status says only that a comparison was made, and a disagreement is
// the other's finding.
func lateVerdict(detail, plugin, id string, diff error) (evidence.KATStatus, string) {
	if diff != nil {
		return evidence.KATNone, fmt.Sprintf("%s; %s %s, which ran before it, disagrees: %v", detail, plugin, id, diff)
	}
	return evidence.KATPass, fmt.Sprintf("%s; %s %s, which ran before it, agrees", detail, plugin, id)
}

// RewriteJudged writes the late verdicts into the earlier implementations'
// KAT records and returns the plugins whose records changed, whose files
// the campaign writes again so the findings stand beside their other ones.
func (c *Gate) RewriteJudged() []string {
	plugins := map[string]bool{}
	for _, j := range c.late {
		path := evidence.KATPath(c.Out, j.plugin, j.id)
		var rec evidence.KATRecord
		if err := evidence.ReadJSON(path, &rec); err != nil {
			fmt.Fprintln(c.Log, "host:", err)
			continue
		}
		for i := range rec.Results {
			if rec.Results[i].Source == j.source {
				rec.Results[i].Status, rec.Results[i].Detail = j.status, j.detail
			}
		}
		rec.Status = evidence.FoldKAT(rec.Results)
		if err := evidence.WriteJSON(path, rec); err != nil {
			fmt.Fprintln(c.Log, "host:", err)
		}
		plugins[j.plugin] = true
	}
	return slices.Sorted(maps.Keys(plugins))
}
