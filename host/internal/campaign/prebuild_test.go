package campaign

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
)

// TestBuildsSettle: a plugin's build runs in the background, settle (what
// every timed step waits on) returns only once it is done, and its error
// and messages reach the campaign when it is awaited.
func TestBuildsSettle(t *testing.T) {
	release := make(chan struct{})
	finished := make(chan string, 2)
	defer func(b func(*sandbox.Launcher, string, string, *plugin.Source, io.Writer) error) { buildPlugin = b }(buildPlugin)
	buildPlugin = func(_ *sandbox.Launcher, _, _ string, s *plugin.Source, log io.Writer) error {
		<-release
		fmt.Fprintf(log, "building plugin %s\n", s.Name)
		finished <- s.Name
		if s.Name == "bad" {
			return errors.New("go build: exit status 1")
		}
		return nil
	}
	var log strings.Builder
	c := &Campaign{cfg: Config{Log: &log}}
	good, bad := &plugin.Source{Name: "good"}, &plugin.Source{Name: "bad"}
	c.startBuild(good)
	c.startBuild(bad)
	c.startBuild(good) // once only
	settled := make(chan struct{})
	go func() { c.settle(); close(settled) }()
	select {
	case <-settled:
		t.Fatal("settle returned while builds were under way")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-settled
	if len(finished) != 2 {
		t.Fatalf("%d builds finished before settle returned, want 2", len(finished))
	}
	if err := c.awaitBuild(bad); err == nil {
		t.Error("the failed build's error is lost")
	}
	if c.awaitBuild(good) != nil {
		t.Error("the good build failed")
	}
	if got := log.String(); strings.Count(got, "building plugin") != 2 {
		t.Errorf("log %q, want each build's message once", got)
	}
}
