package plugin

import (
	"context"
	"errors"
	"fmt"
	"golang.org/x/sys/unix"
	"net"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/go-hclog"
	pluginrunner "github.com/hashicorp/go-plugin/runner"
)

// ErrForeignAddress marks a plugin whose handshake named an address the
// host did not create for it: a TCP address, a socket outside its own
// socket directory, or anything there that is not a socket (a symlink to
// some other socket on the host). The host dials nothing then: the host
// runs outside every namespace, so dialling what a plugin names would let
// it point the host's HTTP/2 preface at any listener the host can reach.
var ErrForeignAddress = errors.New("plugin named an address the host did not create")

// socketGuard holds the one address the host may dial for a plugin: the
// Unix socket in the directory go-plugin made for it, checked when the
// handshake names it and checked again, on the open file, when it is
// dialled.
type socketGuard struct {
	dir string // the plugin's socket directory, as the host sees it

	mu   sync.Mutex
	path string // the checked socket; "" until the handshake names one
	dev  uint64
	ino  uint64
}

// guardRunner wraps a go-plugin RunnerFunc so that the address the
// handshake names passes g before go-plugin records it.
func (g *socketGuard) guardRunner(f func(hclog.Logger, *exec.Cmd, string) (pluginrunner.Runner, error)) func(hclog.Logger, *exec.Cmd, string) (pluginrunner.Runner, error) {
	return func(l hclog.Logger, cmd *exec.Cmd, socketDir string) (pluginrunner.Runner, error) {
		g.setDir(socketDir)
		r, err := f(l, cmd, socketDir)
		if err != nil {
			return nil, err
		}
		return guardedRunner{r, g}, nil
	}
}

// guardedRunner is the launcher's runner with its address mapping checked.
type guardedRunner struct {
	pluginrunner.Runner
	g *socketGuard
}

// PluginToHost maps the address as the launcher does, then refuses
// anything but a socket in the plugin's own directory.
func (r guardedRunner) PluginToHost(network, addr string) (string, string, error) {
	if network != "unix" {
		// Refused before the launcher sees it, --mtls or not: go-plugin
		// serves over a Unix socket whenever it is given a socket
		// directory, and a loopback address would be the host's own
		// loopback, not the plugin's.
		return "", "", fmt.Errorf("%w: %s address %q", ErrForeignAddress, bounded(network), bounded(addr))
	}
	n, a, err := r.Runner.PluginToHost(network, addr)
	if err != nil {
		return "", "", fmt.Errorf("%w: %s", ErrForeignAddress, bounded(err.Error()))
	}
	if n != "unix" {
		return "", "", fmt.Errorf("%w: %s address %q", ErrForeignAddress, bounded(n), bounded(a))
	}
	// A box with a socket directory of its own (a tmpfs inside it, which
	// the host reaches through the plugin's root) names that directory;
	// go-plugin's directory on the host's disk stays empty then.
	if sd, ok := r.Runner.(interface{ SocketDir() string }); ok {
		r.g.setDir(sd.SocketDir())
	}
	if err := r.g.check(a); err != nil {
		return "", "", err
	}
	return n, a, nil
}

// setDir names the directory the plugin's socket must be in.
func (g *socketGuard) setDir(dir string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.dir = dir
}

// check accepts path only when it names, without following any link, a
// socket directly inside the guard's directory, and remembers which one.
func (g *socketGuard) check(path string) error {
	g.mu.Lock()
	dir := g.dir
	g.mu.Unlock()
	if dir == "" {
		return fmt.Errorf("%w: %q: no socket directory", ErrForeignAddress, bounded(path))
	}
	base := filepath.Base(path)
	if filepath.Clean(path) != path || filepath.Dir(path) != filepath.Clean(dir) || base == "." || base == ".." || strings.ContainsRune(base, 0) {
		return fmt.Errorf("%w: %q is not in the plugin's socket directory %s", ErrForeignAddress, bounded(path), dir)
	}
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		return fmt.Errorf("%w: %q: %v", ErrForeignAddress, bounded(path), err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK {
		return fmt.Errorf("%w: %q is a %s, not a socket", ErrForeignAddress, bounded(path), fileType(st.Mode))
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.path, g.dev, g.ino = path, uint64(st.Dev), uint64(st.Ino)
	return nil
}

// dial connects to the checked socket through a descriptor opened without
// following links and checked to be that same socket, so a swap of the
// name between check and dial connects nowhere else.
func (g *socketGuard) dial(ctx context.Context, _ string) (net.Conn, error) {
	g.mu.Lock()
	path, dev, ino := g.path, g.dev, g.ino
	g.mu.Unlock()
	if path == "" {
		return nil, fmt.Errorf("%w: no checked socket to dial", ErrForeignAddress)
	}
	fd, err := unix.Open(path, unix.O_PATH|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("%w: open %q: %v", ErrForeignAddress, path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("%w: stat %q: %v", ErrForeignAddress, path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFSOCK || uint64(st.Dev) != dev || uint64(st.Ino) != ino {
		return nil, fmt.Errorf("%w: %q changed after the handshake (now a %s)", ErrForeignAddress, path, fileType(st.Mode))
	}
	// connect(2) on the descriptor's /proc name reaches the inode the
	// descriptor holds, whatever the name in the directory is now.
	var d net.Dialer
	return d.DialContext(ctx, "unix", "/proc/self/fd/"+strconv.Itoa(fd))
}

// fileType names a file's type for a finding.
func fileType(mode uint32) string {
	switch mode & unix.S_IFMT {
	case unix.S_IFLNK:
		return "symlink"
	case unix.S_IFREG:
		return "regular file"
	case unix.S_IFDIR:
		return "directory"
	case unix.S_IFSOCK:
		return "socket"
	case unix.S_IFIFO:
		return "fifo"
	}
	return "special file"
}

// ensure guardedRunner still satisfies the interface go-plugin asks for.
var _ pluginrunner.AddrTranslator = guardedRunner{}
