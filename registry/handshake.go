package registry

import (
	"context"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"crucible.dev/registry/pluginv1"
)

// Handshake is the go-plugin handshake: the host runs only executables that
// answer it, so an unrelated binary in a plugin directory is refused. The
// protocol version changes whenever what a plugin's contract code sends
// changes meaning (2: fed keygen, encaps, init and pass outputs, streamed
// symmetric loops; 3: fed decapsulations of wrong ciphertexts and whole
// exchanges, and OpRejectInput; 4: fed AEAD open; 5: fed DRBG generate
// and operations beyond the kind's own, and OpFedInput; 6:
// OpStreamReplay), so that a plugin built against another contract is
// refused by name instead of being judged on answers it was never asked
// for.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  6,
	MagicCookieKey:   "CRUCIBLE_PLUGIN",
	MagicCookieValue: "3b9d6a1e-crucible-algorithm-plugin",
}

// PluginKey names the one plugin every Crucible plugin process serves.
const PluginKey = "algorithm"

// MaxMessage bounds one gRPC message either way: large enough for every KAT
// chunk, key and sample array, small enough to stop a runaway answer.
const MaxMessage = 64 << 20

// GRPCPlugin is the go-plugin glue between the gRPC service and the host.
type GRPCPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	// Impl is set in the plugin process.
	Impl pluginv1.PluginServer
}

// GRPCServer registers the service in the plugin process.
func (p *GRPCPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pluginv1.RegisterPluginServer(s, p.Impl)
	return nil
}

// GRPCClient returns the host's client of the service.
func (p *GRPCPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginv1.NewPluginClient(c), nil
}
