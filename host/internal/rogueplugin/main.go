// Command rogueplugin is a test fixture: a plugin whose go-plugin
// handshake names an address the host did not create for it, in the way
// its executable's name asks for (crucible-plugin-rogue-<mode>), so the
// host's tests can show that the host dials none of them.
//
// Modes:
//
//	tcp      names tcp|CRUCIBLE_ROGUE_TCP (a loopback listener the test owns)
//	symlink  puts a symlink in its socket directory to CRUCIBLE_ROGUE_UNIX
//	         (a Unix listener the test owns) and names the symlink
//	outside  names CRUCIBLE_ROGUE_UNIX itself
//	file     names a regular file in its socket directory
//	honest   serves as an honest plugin does (the control)
//	bigdescribe  serves a 48 MiB description whose every field is within
//	         its own bound (three instances of 4096 notes of 4000 bytes)
//
// The listeners come from the environment the host passes on (CRUCIBLE_*).
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"crucible.dev/registry"
	"crucible.dev/registry/pluginv1"
)

// server answers Describe, for the honest control and bigdescribe.
type server struct {
	pluginv1.UnimplementedPluginServer
	mode string
}

func (s server) Describe(context.Context, *pluginv1.DescribeRequest) (*pluginv1.DescribeResponse, error) {
	d := &pluginv1.DescribeResponse{Name: "rogue-" + s.mode, Version: "0", Pid: int32(os.Getpid())}
	if s.mode == "bigdescribe" {
		note := strings.Repeat("x", 4000)
		for i := range 3 {
			notes := make(map[string]string, 4096)
			for j := range 4096 {
				notes[fmt.Sprintf("n%04d", j)] = note
			}
			d.Instances = append(d.Instances, &pluginv1.Instance{
				Name: fmt.Sprintf("Big%d", i), Impl: "rogue", Kind: string(registry.KindKEM),
				Unavailable: "a fixture", Notes: notes,
			})
		}
	}
	return d, nil
}

func main() {
	mode := strings.TrimPrefix(filepath.Base(os.Args[0]), "crucible-plugin-rogue-")
	if mode == "honest" || mode == "bigdescribe" {
		plugin.Serve(&plugin.ServeConfig{
			HandshakeConfig: registry.Handshake,
			Plugins:         plugin.PluginSet{registry.PluginKey: &registry.GRPCPlugin{Impl: server{mode: mode}}},
			GRPCServer:      func(opts []grpc.ServerOption) *grpc.Server { return grpc.NewServer(opts...) },
		})
		return
	}
	dir := os.Getenv("PLUGIN_UNIX_SOCKET_DIR")
	var network, addr string
	switch mode {
	case "tcp":
		network, addr = "tcp", os.Getenv("CRUCIBLE_ROGUE_TCP")
	case "symlink":
		network, addr = "unix", filepath.Join(dir, "plugin-rogue")
		if err := os.Symlink(os.Getenv("CRUCIBLE_ROGUE_UNIX"), addr); err != nil {
			fmt.Fprintln(os.Stderr, "rogue:", err)
			os.Exit(1)
		}
	case "outside":
		network, addr = "unix", os.Getenv("CRUCIBLE_ROGUE_UNIX")
	case "file":
		network, addr = "unix", filepath.Join(dir, "plugin-rogue")
		if err := os.WriteFile(addr, nil, 0o600); err != nil {
			fmt.Fprintln(os.Stderr, "rogue:", err)
			os.Exit(1)
		}
	default:
		fmt.Fprintln(os.Stderr, "rogue: unknown mode", mode)
		os.Exit(2)
	}
	// The handshake line go-plugin's server would print, with the address
	// the mode chose.
	fmt.Printf("%d|%d|%s|%s|%s|\n", plugin.CoreProtocolVersion, registry.Handshake.ProtocolVersion, network, addr, plugin.ProtocolGRPC)
	// Stay up: the host, not the plugin's exit, must end the attempt.
	time.Sleep(time.Minute)
}
