package plugin

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"crucible.dev/host/internal/sandbox"
	"crucible.dev/registry/testenv"
)

// TestMain lets the test binary serve as the sandbox's first step, as the
// host executable does.
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}

var (
	rogueOnce sync.Once
	rogueBin  string
	rogueErr  error
)

// rogue builds the rogue fixture once and returns the path of a copy
// named for mode.
func rogue(t *testing.T, mode string) string {
	t.Helper()
	testenv.SkipShort(t, "builds the rogue fixture")
	rogueOnce.Do(func() {
		dir, err := os.MkdirTemp("", "crucible-rogue")
		if err != nil {
			rogueErr = err
			return
		}
		rogueBin = filepath.Join(dir, "crucible-plugin-rogue")
		out, err := exec.Command("go", "build", "-o", rogueBin, "../rogueplugin").CombinedOutput()
		if err != nil {
			rogueErr = errors.New(string(out))
		}
	})
	if rogueErr != nil {
		t.Fatalf("build rogue fixture: %v", rogueErr)
	}
	link := filepath.Join(t.TempDir(), "crucible-plugin-rogue-"+mode)
	if err := os.Symlink(rogueBin, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// listeners are a TCP and a Unix listener the test owns, counting every
// connection made to them.
type listeners struct {
	tcp, unix string
	conns     atomic.Int64
}

func newListeners(t *testing.T) *listeners {
	ls := &listeners{}
	tl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ls.unix = filepath.Join(t.TempDir(), "victim.sock")
	ul, err := net.Listen("unix", ls.unix)
	if err != nil {
		t.Fatal(err)
	}
	ls.tcp = tl.Addr().String()
	for _, l := range []net.Listener{tl, ul} {
		t.Cleanup(func() { l.Close() })
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				ls.conns.Add(1)
				c.Close()
			}
		}()
	}
	t.Setenv("CRUCIBLE_ROGUE_TCP", ls.tcp)
	t.Setenv("CRUCIBLE_ROGUE_UNIX", ls.unix)
	return ls
}

// launchers are the launchers the test starts the fixture under: always
// one without the sandbox (the host's check must not depend on it), and a
// sandboxed one where this host can sandbox.
func launchers(t *testing.T) map[string]*sandbox.Launcher {
	out := map[string]*sandbox.Launcher{}
	un, err := sandbox.New(sandbox.DefaultLimits, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(un.Close)
	out["unsandboxed"] = un
	sb, err := sandbox.New(sandbox.DefaultLimits, false)
	switch {
	case err == nil:
		t.Cleanup(sb.Close)
		out["sandboxed"] = sb
	case testenv.CI() && !testing.Short(): // -short: the arm64 run under qemu-user, which cannot start the init
		t.Fatalf("sandbox required: %v", err)
	default:
		t.Logf("sandboxed case not run: %v", err)
	}
	return out
}

// TestDialOnlyHostSocket starts plugins whose handshake names a TCP
// listener, a symlink to a Unix listener, a Unix listener outside their
// socket directory, or a regular file: each start fails naming the plugin
// and the address, and nothing connects to the test's listeners.
func TestDialOnlyHostSocket(t *testing.T) {
	ls := newListeners(t)
	for lname, lc := range launchers(t) {
		for _, mode := range []string{"tcp", "symlink", "outside", "file"} {
			t.Run(lname+"/"+mode, func(t *testing.T) {
				name := "rogue-" + mode
				o := Options{Limits: Limits{Start: 10 * time.Second, Call: 10 * time.Second, Bench: 10 * time.Second}, Launcher: lc, CPU: -1}
				p, err := Start(Source{Name: name, Binary: rogue(t, mode)}, o)
				if err == nil {
					// gRPC dials lazily: the first call shows where to.
					_, derr := p.Describe()
					p.Kill()
					t.Fatalf("%s started (describe: %v; %d connections to the test's listeners)", name, derr, ls.conns.Load())
				}
				if !errors.Is(err, ErrForeignAddress) {
					t.Errorf("error does not mark a foreign address: %v", err)
				}
				if !strings.Contains(err.Error(), name) {
					t.Errorf("error does not name %s: %v", name, err)
				}
				// Give a stray dial time to land.
				time.Sleep(100 * time.Millisecond)
				if n := ls.conns.Load(); n != 0 {
					t.Fatalf("%d connections reached the test's listeners: %v", n, err)
				}
			})
		}
		// The honest control, with and without --mtls: the checked dial
		// carries go-plugin's TLS as its own dialer did.
		for _, mtls := range []bool{false, true} {
			t.Run(lname+"/honest/mtls="+strconv.FormatBool(mtls), func(t *testing.T) {
				p, err := Start(Source{Name: "rogue-honest", Binary: rogue(t, "honest")}, Options{Limits: DefaultLimits, Launcher: lc, CPU: -1, MTLS: mtls})
				if err != nil {
					t.Fatalf("honest control: %v", err)
				}
				defer p.Kill()
				if _, err := p.Describe(); err != nil {
					t.Fatalf("honest control: describe: %v", err)
				}
			})
		}
	}
}

// TestDialRefusesSwappedSocket checks the dial itself: a checked socket
// replaced by a symlink to another listener before the dial connects
// nowhere.
func TestDialRefusesSwappedSocket(t *testing.T) {
	ls := newListeners(t)
	dir := t.TempDir()
	sock := filepath.Join(dir, "plugin-1")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	g := &socketGuard{dir: dir}
	if err := g.check(sock); err != nil {
		t.Fatalf("the plugin's own socket: %v", err)
	}
	c, err := g.dial(t.Context(), "")
	if err != nil {
		t.Fatalf("dial the checked socket: %v", err)
	}
	c.Close()
	l.Close()
	os.Remove(sock)
	if err := os.Symlink(ls.unix, sock); err != nil {
		t.Fatal(err)
	}
	if c, err := g.dial(t.Context(), ""); err == nil {
		c.Close()
		t.Fatal("dialled a socket swapped for a symlink")
	}
	time.Sleep(50 * time.Millisecond)
	if n := ls.conns.Load(); n != 0 {
		t.Fatalf("%d connections reached the test's listener", n)
	}
}
