package katgate

import (
	"errors"

	"crucible.dev/host/internal/evidence"
	"crucible.dev/host/internal/plugin"
	"crucible.dev/registry"
	"crucible.dev/registry/eval/katcheck"
	"crucible.dev/registry/eval/vectors"
)

// The provenance of KAT material: the evaluator's catalog (independent of
// the submitter) or the plugin's own declaration.
const (
	provCatalog  = "catalog"
	provDeclared = "declared"
)

// checkDeclared replays a vector file the plugin declares.
func checkDeclared(v registry.VectorFile, r registry.Runner) (vectors.Result, error) {
	return vectors.ReplayVectorFile(v, r)
}

// vectorResult is the KAT result of one vector source's check.
func vectorResult(name, prov string, res vectors.Result, err error, died string) evidence.KATResult {
	r := evidence.KATResult{Source: name, Type: "vectors", Provenance: prov, Passed: res.Passed, Failed: res.Failed, Failures: res.Failures}
	switch {
	case errors.Is(err, vectors.ErrNoVectors):
		r.Status, r.Detail = evidence.KATSkipped, err.Error()
	case errors.Is(err, vectors.ErrUnsupported):
		// The implementation declares it cannot express any case of
		// this source (e.g. an API that refuses the empty message):
		// reported with its reason, neither pass nor failure.
		r.Status, r.Detail = evidence.KATUnsupported, err.Error()
	case err != nil:
		r.Status, r.Detail = evidence.KATError, err.Error()
	case died != "":
		r.Status, r.Detail = evidence.KATError, died
	case res.Failed > 0:
		r.Status = evidence.KATFail
	case res.Passed == 0:
		r.Status, r.Detail = evidence.KATError, "no case was checked"
	default:
		r.Status = evidence.KATPass
	}
	return r
}

// died says how the plugin process ended during a check, or "" while it
// runs: stopped by the host for a reply that broke the protocol, or dead.
func died(p *plugin.Process) string {
	switch {
	case p.Stopped() != nil:
		return "the host stopped the plugin: " + p.Stopped().Error()
	case p.Exited():
		return "the plugin process died during the check"
	}
	return ""
}

// declaredFile is the inline vector file a plugin declares whose content,
// in the KAT format's canonical form, has the declared digest: the file the
// digest was taken of, against which a generated file's first difference
// can be named. The digest is checked here, so a plugin cannot point the
// comparison at another file. It returns nil when none matches.
func declaredFile(vfs []registry.VectorFile, format, digest string) ([]byte, string) {
	for _, v := range vfs {
		if v.Format != format || len(v.Data) == 0 {
			continue
		}
		h, err := katcheck.NewHasher(format)
		if err != nil {
			return nil, ""
		}
		h.Write(v.Data)
		if h.Sum() == digest {
			return v.Data, v.Name
		}
	}
	return nil, ""
}
