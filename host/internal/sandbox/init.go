package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
)

// The host executable doubles as the sandbox's first step: started with
// initArg (in new namespaces at the namespaced levels) it builds the box,
// applies the limits and Landlock to itself and executes the plugin, so
// nothing of the plugin's runs before its confinement is whole.
const (
	initArg  = "__crucible-sandbox-init"
	probeArg = "__crucible-sandbox-probe"
)

// initConfig is what the first step applies before it executes Exe.
type initConfig struct {
	Level    Level       `json:"level"`
	Limits   Limits      `json:"limits"`
	Landlock int         `json:"landlock,omitempty"` // ABI to enforce; 0 for none
	Writable []string    `json:"writable,omitempty"` // under Landlock, the only writable trees
	Readable []string    `json:"readable,omitempty"` // at LevelLandlock, the only other trees it may read
	Root     string      `json:"root,omitempty"`     // at the namespaced levels, where the box's root is built
	Mounts   []mountSpec `json:"mounts,omitempty"`   // and what it holds
	Plugin   bool        `json:"plugin,omitempty"`   // at LevelLandlock, the second step: the plugin's own process
	// CgroupWait: wait for the host to put this process in its box's
	// cgroup (cgroupWaitFD) before anything else.
	CgroupWait bool     `json:"cgroup_wait,omitempty"`
	Exe        string   `json:"exe"`
	Args       []string `json:"args,omitempty"`
	Dir        string   `json:"dir,omitempty"` // working directory the executable starts in; "" keeps the first step's
	// BecomeNobody: the first step runs as root in its user namespace
	// (the host's root, mapped) and becomes Nobody once the box is
	// built, before it executes Exe.
	BecomeNobody bool `json:"become_nobody,omitempty"`
	// KeepRootUID: without a user namespace, the host's root stays uid
	// 0 but with no capability, none to regain (securebits), under
	// Landlock, which also keeps it from signalling or tracing anything
	// outside its domain.
	KeepRootUID bool `json:"keep_root_uid,omitempty"`
}

func (c initConfig) encode() string {
	b, _ := json.Marshal(c)
	return string(b)
}

// Main runs the launcher's own steps when this executable was started as
// one of them, and returns otherwise. The host calls it first thing.
func Main() {
	if len(os.Args) < 2 {
		return
	}
	switch os.Args[1] {
	case initArg:
		var c initConfig
		if len(os.Args) != 3 || json.Unmarshal([]byte(os.Args[2]), &c) != nil || c.Exe == "" {
			fail(fmt.Errorf("malformed configuration"))
		}
		fail(confineAndExec(c))
	case probeArg:
		fmt.Printf("landlock-abi %d uid %d pid %d\n", landlockABI(), os.Getuid(), os.Getpid())
		os.Exit(0)
	}
}

// fail ends the first step; the host quotes the line in its finding.
func fail(err error) {
	fmt.Fprintf(os.Stderr, "crucible-sandbox: %v\n", err)
	os.Exit(125)
}
