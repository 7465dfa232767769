package plugin

import "crucible.dev/registry"

// Runner adapts one instance of the process to registry.Runner, so the
// vector sources replay through the process boundary.
func (p *Process) Runner(instance string) registry.Runner { return runner{p, instance} }

type runner struct {
	p  *Process
	id string
}

func (r runner) Run(op string, rand []byte, in registry.Args) (registry.Args, error) {
	out, opErr, err := r.p.Run(r.id, op, rand, in)
	if err != nil {
		return nil, &TransportError{err}
	}
	return out, opErr
}

// TransportError is a failure of the plugin process rather than of the
// operation: a crash, a hang, a malformed answer.
type TransportError struct{ Err error }

func (e *TransportError) Error() string { return e.Err.Error() }
func (e *TransportError) Unwrap() error { return e.Err }
