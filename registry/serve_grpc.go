package registry

func serve(p *Plugin) { panic("registry: gRPC serving is being written") }
