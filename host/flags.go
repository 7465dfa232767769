package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"crucible.dev/host/internal/plugin"
	"crucible.dev/host/internal/sandbox"
	"crucible.dev/host/internal/session"
	"crucible.dev/registry/eval/catalog"
)

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// common are the flags that find and start plugins.
type common struct {
	pluginDirs listFlag
	catalogs   listFlag
	noSource   bool
	cache      string
	limits     plugin.Limits
	box        sandbox.Limits
	unboxed    bool
}

func (c *common) register(fs *flag.FlagSet) {
	fs.Var(&c.pluginDirs, "plugin-dir", "also run prebuilt crucible-plugin-NAME executables from this directory (repeatable)")
	fs.Var(&c.catalogs, "catalog", "also read the evaluator's catalog files (*.json, docs/catalog.md) from this directory; its entries replace shipped ones of the same name (repeatable)")
	fs.BoolVar(&c.noSource, "no-source", false, "use only prebuilt plugins, build nothing from the workspace")
	fs.StringVar(&c.cache, "cache", "", "where plugins built from source are kept (default <workspace>/.cache/plugins)")
	fs.DurationVar(&c.limits.Start, "start-timeout", plugin.DefaultLimits.Start, "deadline for a plugin to start and complete the handshake")
	fs.DurationVar(&c.limits.Call, "call-timeout", plugin.DefaultLimits.Call, "deadline for one describe, run or KAT call")
	fs.DurationVar(&c.limits.Bench, "bench-timeout", plugin.DefaultLimits.Bench, "deadline for one benchmark call")
	fs.DurationVar(&c.limits.Plugin, "plugin-budget", plugin.DefaultLimits.Plugin, "deadline for one plugin's whole evaluation in a campaign: past it the plugin is killed, a finding says so, and the next plugin runs (0: none)")
	c.box = sandbox.DefaultLimits
	fs.IntVar(&c.box.MemoryMiB, "mem-limit", c.box.MemoryMiB, "memory limit in MiB: of each plugin process (RLIMIT_DATA: heap and private writable mappings) and, where the host can make a cgroup, of its whole box together (0: none)")
	fs.IntVar(&c.box.TmpMiB, "tmp-limit", c.box.TmpMiB, "size of a plugin's private /tmp in MiB")
	fs.BoolVar(&c.unboxed, "unsandboxed", false, "run plugins with your full rights when this host cannot sandbox them (every report page says so)")
}

// launcher prepares how plugins start: sealed and sandboxed, or refused
// with the reason when this host cannot sandbox them (unless --unsandboxed).
func (c *common) launcher() (*sandbox.Launcher, error) {
	l, err := sandbox.New(c.box, c.unboxed)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	return l, nil
}

// workspace loads the --catalog directories and resolves the workspace
// root and the plugin cache.
func (c *common) workspace() (root, cache string, err error) {
	for _, dir := range c.catalogs {
		if err := catalog.LoadDir(dir); err != nil {
			return "", "", usageErr("--catalog: %v", err)
		}
	}
	if !c.noSource {
		root, err = plugin.Workspace(".")
		if err != nil && len(c.pluginDirs) == 0 {
			return "", "", usageErr("%v", err)
		}
		err = nil
	}
	cache = c.cache
	if cache == "" {
		if root != "" {
			cache = filepath.Join(root, ".cache", "plugins")
		} else {
			dir, _ := os.UserCacheDir()
			cache = filepath.Join(dir, "crucible", "plugins")
		}
	}
	return root, cache, nil
}

// discover resolves the workspace and lists its plugins and the prebuilt
// ones of --plugin-dir.
func (c *common) discover() (root, cache string, srcs []plugin.Source, err error) {
	if root, cache, err = c.workspace(); err != nil {
		return "", "", nil, err
	}
	if srcs, err = plugin.Discover(root, c.pluginDirs); err != nil {
		return "", "", nil, usageErr("%v", err)
	}
	return root, cache, srcs, nil
}

// plugins is what a command that starts plugins opens first: the
// workspace, the plugins found in it and in --plugin-dir, and the launcher
// that starts them in their sandboxes (closed by Close).
type plugins struct {
	root, cache string
	srcs        []plugin.Source
	lc          *sandbox.Launcher
	limits      plugin.Limits
}

// open discovers the plugins and makes their launcher.
func (c *common) open() (*plugins, error) {
	root, cache, srcs, err := c.discover()
	if err != nil {
		return nil, err
	}
	lc, err := c.launcher()
	if err != nil {
		return nil, err
	}
	return &plugins{root: root, cache: cache, srcs: srcs, lc: lc, limits: c.limits}, nil
}

// Close releases the launcher.
func (w *plugins) Close() { w.lc.Close() }

// build builds s from source if it comes from the workspace.
func (w *plugins) build(s *plugin.Source) error { return w.buildLog(s, os.Stderr) }

// buildLog is build with its messages to log.
func (w *plugins) buildLog(s *plugin.Source, log io.Writer) error {
	return plugin.Build(w.lc, w.root, w.cache, s, log)
}

// options are the options a plugin process starts with, pinned to cpu
// (-1: not pinned).
func (w *plugins) options(cpu int) plugin.Options {
	return plugin.Options{Limits: w.limits, Launcher: w.lc, CPU: cpu}
}

// parseShard reads "K/N".
func parseShard(s string) (session.Shard, error) {
	if s == "" {
		return session.Shard{K: 1, N: 1}, nil
	}
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return session.Shard{}, fmt.Errorf("--shard %q: want K/N with 1 <= K <= N", s)
	}
	return session.Shard{K: ki, N: ni}, nil
}

// readLock reads crucible.lock: plugin name -> executable SHA-256.
func readLock(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var l lockFile
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := map[string]string{}
	for _, p := range l.Plugins {
		m[p.Name] = p.SHA256
	}
	return m, nil
}

// lockFile is crucible.lock.
type lockFile struct {
	Plugins []lockEntry `json:"plugins"`
}

type lockEntry struct {
	Name       string `json:"name"`
	Binary     string `json:"binary"`
	SHA256     string `json:"sha256"`
	SourceHash string `json:"source_hash,omitempty"`
}

// parseInts reads a comma-separated list of positive integers.
func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// joinInts writes ns as parseInts reads them.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
