// Package session is one plugin's life in a host command: its process
// started and described, the instances a suite and a shard select, a
// replacement for a process that died, and the stop at the end. Every
// command that talks to plugins (run, kat, bench, robust, ct, interop, list,
// lock) goes through it, so the restart logic exists once.
package session

import (
	"errors"
	"fmt"

	"crucible.dev/host/internal/plugin"
)

// Starter starts a fresh process of a plugin; stop ends it and releases
// what the starter opened for it (a log file).
type Starter func(s *plugin.Source) (p *plugin.Process, stop func(), err error)

// Options is a Starter of plain processes: options as given, nothing to
// release beyond the process.
func Options(o plugin.Options) Starter {
	return func(s *plugin.Source) (*plugin.Process, func(), error) {
		p, err := plugin.Start(*s, o)
		if err != nil {
			return nil, nil, err
		}
		return p, p.Kill, nil
	}
}

// Session is one plugin's processes, one at a time.
type Session struct {
	Source *plugin.Source
	Desc   *plugin.Description // what the first process described
	start  Starter
	p      *plugin.Process
	stop   func()
}

// Start starts the plugin's first process.
func Start(s *plugin.Source, start Starter) (*Session, error) {
	p, stop, err := start(s)
	if err != nil {
		return nil, err
	}
	return &Session{Source: s, start: start, p: p, stop: stop}, nil
}

// Describe asks the running process what it serves; a plugin that cannot
// say is stopped.
func (s *Session) Describe() (*plugin.Description, error) {
	if s.p == nil {
		return nil, fmt.Errorf("plugin %s: no process", s.Source.Name)
	}
	d, err := s.p.Describe()
	if err != nil {
		s.Stop()
		return nil, err
	}
	s.Desc = d
	return d, nil
}

// Select returns the described instances the suite and the shard cover, in
// the plugin's order.
func (s *Session) Select(suite string, shard Shard) []*plugin.Instance {
	if s.Desc == nil {
		return nil
	}
	var out []*plugin.Instance
	for i, in := range s.Desc.Instances {
		if SelectInstance(suite, s.Source.Name, in) && shard.Takes(s.Source.Name, i) {
			out = append(out, in)
		}
	}
	return out
}

// Process is the running process; nil after Stop or a failed restart.
func (s *Session) Process() *plugin.Process { return s.p }

// ErrStopped is returned by Alive after Stop.
var ErrStopped = errors.New("session stopped")

// Alive returns a running process: the current one, or a fresh one in
// place of one that died (or that a failed restart left missing), so one
// fault costs only the step it happened in. The error is the starter's.
func (s *Session) Alive() (*plugin.Process, error) {
	if s.start == nil {
		return nil, ErrStopped
	}
	if s.p != nil && !s.p.Exited() {
		return s.p, nil
	}
	s.release()
	p, stop, err := s.start(s.Source)
	if err != nil {
		return nil, err
	}
	s.p, s.stop = p, stop
	return p, nil
}

// Stop ends the running process; the session starts no other.
func (s *Session) Stop() {
	s.release()
	s.start = nil
}

func (s *Session) release() {
	if s.stop != nil {
		s.stop()
	}
	s.p, s.stop = nil, nil
}
