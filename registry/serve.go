package registry

// Serve serves p to the Crucible host over go-plugin's gRPC transport. It is
// the one call a plugin's main makes, and it does not return.
func Serve(p *Plugin) {
	serve(p)
}
