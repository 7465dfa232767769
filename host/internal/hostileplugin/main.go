// Command hostileplugin is a test fixture: a plugin written as a hostile
// submitter would, attacking the evaluator in the way its executable's name
// asks for (crucible-plugin-hostile-<mode>), so the host's tests can show
// that each attack fails.
//
// Attacks that the sandbox should stop run before the plugin serves, and
// what any of them achieved is published in the instance's "breaches" note
// ("none" when every one failed). Modes that answer with malformed replies
// serve the protocol by hand (wire.go).
//
// Targets come from the environment the host passes on (CRUCIBLE_*):
// CRUCIBLE_HOSTILE_CANARY (a secret file in the user's home),
// CRUCIBLE_HOSTILE_MARKER (the name of a variable only the host's
// environment holds), CRUCIBLE_HOSTILE_PORT (a loopback listener),
// CRUCIBLE_HOSTILE_DIRS (directories it must not write: the source tree,
// the run directory, the build cache), CRUCIBLE_HOSTILE_TOKEN (the mark
// of a survivor process).
package main

import (
	"bytes"
	"crypto/sha512"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"crucible.dev/registry"
	"crucible.dev/registry/eval/katcheck/reference"
	"crucible.dev/registry/kat"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "survive" {
		// A survivor: its own session, its parent gone, sleeping on.
		time.Sleep(time.Hour)
		return
	}
	if len(os.Args) == 3 && os.Args[1] == hogArg {
		mib, _ := strconv.Atoi(os.Args[2])
		hog(mib)
		return
	}
	mode := strings.TrimPrefix(filepath.Base(os.Args[0]), "crucible-plugin-hostile-")
	if serveMalformed(mode) || serveTiming(mode) {
		return
	}
	if mode == "replay" {
		replay()
		return
	}
	var breaches []string
	switch mode {
	case "escape":
		breaches = escape()
	case "flood":
		flood()
	case "fill":
		breaches = append(breaches, fill(""))
	case "fillshm":
		breaches = append(breaches, fill("/dev/shm"))
	case "fillsocket":
		// Where go-plugin is about to make its socket.
		breaches = append(breaches, fill(os.Getenv("PLUGIN_UNIX_SOCKET_DIR")))
	case "threads":
		breaches = append(breaches, threads())
	case "memchildren":
		breaches = append(breaches, memChildren())
	case "forkbomb":
		breaches = append(breaches, forkBomb())
	}
	note := "none"
	if len(breaches) > 0 {
		note = strings.Join(breaches, "; ")
	}
	serve(mode, map[string]string{"breaches": note})
}

// escape tries every way out of the sandbox that leaves the machine as it
// was, and reports those that worked.
func escape() []string {
	var got []string
	if p := os.Getenv("CRUCIBLE_HOSTILE_CANARY"); p != "" {
		if b, err := os.ReadFile(p); err == nil {
			got = append(got, "read "+p+": "+strings.TrimSpace(string(b)))
		}
	}
	if b, err := os.ReadFile("/etc/shadow"); err == nil && len(b) > 0 {
		got = append(got, "read /etc/shadow")
	}
	if m := os.Getenv("CRUCIBLE_HOSTILE_MARKER"); m != "" {
		got = append(got, hostProcesses(m+"=")...)
	}
	if port := os.Getenv("CRUCIBLE_HOSTILE_PORT"); port != "" {
		if c, err := net.DialTimeout("tcp", "127.0.0.1:"+port, time.Second); err == nil {
			c.Write([]byte("breach\n"))
			c.Close()
			got = append(got, "connected to 127.0.0.1:"+port)
		}
	}
	for _, d := range filepath.SplitList(os.Getenv("CRUCIBLE_HOSTILE_DIRS")) {
		if err := os.WriteFile(filepath.Join(d, "planted-by-plugin"), []byte("x"), 0o644); err == nil {
			got = append(got, "wrote into "+d)
		}
	}
	if tok := os.Getenv("CRUCIBLE_HOSTILE_TOKEN"); tok != "" {
		self, _ := os.Executable()
		cmd := exec.Command(self, "survive", tok)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if cmd.Start() == nil {
			cmd.Process.Release() // the test looks for it by its token
		}
	}
	return got
}

// hostProcesses finds processes whose environment holds the marker (the
// host's), and tries to read their environment, open their memory (the
// permission ptrace needs) and signal them (signal 0: the check alone).
func hostProcesses(marker string) []string {
	var got []string
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err != nil || !strings.Contains(string(env), marker) {
			continue
		}
		got = append(got, fmt.Sprintf("read the environment of pid %d", pid))
		if f, err := os.Open(filepath.Join("/proc", e.Name(), "mem")); err == nil {
			f.Close()
			got = append(got, fmt.Sprintf("opened the memory of pid %d", pid))
		}
		if syscall.Kill(pid, 0) == nil {
			got = append(got, fmt.Sprintf("may signal pid %d", pid))
		}
	}
	return got
}

// flood writes 64 MiB to stderr as fast as it can.
func flood() {
	line := []byte(strings.Repeat("flood ", 170) + "\n")
	for n := 0; n < 64<<20; n += len(line) {
		os.Stderr.Write(line)
	}
}

// fill writes into dir (the temporary directory when "") until it is
// refused, and removes what it wrote from the directories it must serve
// from.
func fill(dir string) string {
	f, err := os.CreateTemp(dir, "fill")
	if err != nil {
		return "no temp file: " + err.Error()
	}
	defer f.Close()
	if dir != "" {
		defer os.Remove(f.Name())
	}
	buf := make([]byte, 1<<20)
	var n int64
	for n < 8<<30 {
		k, err := f.Write(buf)
		n += int64(k)
		if err != nil {
			break
		}
	}
	return fmt.Sprintf("filled %d bytes", n)
}

// threads starts OS threads until it is refused, or 4000 of them.
func threads() string {
	started := make(chan bool)
	n := 0
	for ; n < 4000; n++ {
		go func() {
			runtime.LockOSThread()
			started <- true
			select {}
		}()
		select {
		case <-started:
		case <-time.After(2 * time.Second):
			return fmt.Sprintf("started %d threads", n)
		}
	}
	return fmt.Sprintf("started %d threads", n)
}

// Sizes of the stand-in KEM, which is a hash and not an algorithm: the
// fixture's point is what it does around it.
const pkLen, skLen, ctLen, ssLen = 32, 64, 48, 32

// standIn is a consistent KEM. Its decapsulation costs about as much as a
// real one (a chain of hashes) in the modes that time it: "slowdecaps"
// honestly, "cachedecaps" with a one-entry cache of the last answer (fast
// whenever the loop repeats its input), "lazydecaps" answering garbage
// from its 50th call on (as a plugin that cut corners once timed would).
type standIn struct {
	mode           string
	lastSK, lastCT []byte
	last           []byte
	calls          int
}

func (k *standIn) GenerateKey(rand io.Reader) (pk, sk []byte, err error) {
	pace(k.mode)
	sk = make([]byte, skLen)
	if _, err := io.ReadFull(rand, sk); err != nil {
		return nil, nil, err
	}
	return sk[:pkLen:pkLen], sk, nil
}

func (k *standIn) Encapsulate(rand io.Reader, pk []byte) (ct, ss []byte, err error) {
	pace(k.mode)
	ct = make([]byte, ctLen)
	if _, err := io.ReadFull(rand, ct); err != nil {
		return nil, nil, err
	}
	return ct, k.key(pk, ct), nil
}

func (k *standIn) Decapsulate(sk, ct []byte) ([]byte, error) {
	pace(k.mode)
	if len(sk) != skLen || len(ct) != ctLen {
		return nil, fmt.Errorf("decaps: sk %d bytes, ct %d bytes", len(sk), len(ct))
	}
	k.calls++
	switch k.mode {
	case "cachedecaps":
		if bytes.Equal(sk, k.lastSK) && bytes.Equal(ct, k.lastCT) {
			return k.last, nil
		}
	case "lazydecaps":
		if k.calls >= 50 {
			return make([]byte, ssLen), nil
		}
	}
	ss := k.key(sk[:pkLen], ct)
	k.lastSK, k.lastCT, k.last = bytes.Clone(sk), bytes.Clone(ct), ss
	return ss, nil
}

// key derives the shared key from pk and ct: one hash, or, in the modes
// that time decapsulation, a chain of 200 (about as long as a real one),
// lengthened by CRUCIBLE_HOSTILE_SLOWDOWN percent: the known slowdown
// that tools/abrates.sh asks comparisons to detect.
func (k *standIn) key(pk, ct []byte) []byte {
	h := sha512.Sum512(append(append([]byte{}, pk...), ct...))
	if k.mode == "slowdecaps" || k.mode == "cachedecaps" || k.mode == "lazydecaps" {
		for i := 0; i < chainLen; i++ {
			h = sha512.Sum512(h[:])
		}
	}
	return h[:ssLen]
}

// chainLen is 200 hashes, plus CRUCIBLE_HOSTILE_SLOWDOWN percent: with
// the one over pk and ct, 201 become 221 at 10, 9.95% more work.
var chainLen = func() int {
	pct, err := strconv.Atoi(os.Getenv("CRUCIBLE_HOSTILE_SLOWDOWN"))
	if err != nil || pct < 0 {
		return 200
	}
	return 200 + 2*pct
}()

// replay is a stand-in that is not Amoeba but answers Amoeba128's KAT
// request with the published reference file, whatever seed it is given.
func replay() {
	k := &standIn{mode: "replay"}
	registry.Serve(&registry.Plugin{Name: "hostile-replay", Version: "0", Instances: []*registry.Instance{{
		Name: "Amoeba128", Impl: "replay", Kind: registry.KindKEM, KEM: k,
		Sizes: registry.Sizes{PublicKey: 784, SecretKey: 1712, Ciphertext: 1047, SharedSecret: 64},
		KATs: []registry.KATGenerator{{Source: "ngcc", Format: kat.FormatNGCC, Records: 100,
			Generate: func(w io.Writer, n int, seed []byte) error {
				ref, err := reference.ReadFile("amoeba/KAT_KEM_Amoeba128.txt")
				if err != nil {
					return err
				}
				// The first n records, as a generator would write them.
				recs := bytes.SplitAfter(ref, []byte("\n\n"))
				_, err = w.Write(bytes.Join(recs[:min(n, len(recs))], nil))
				return err
			}}},
	}}})
}

func serve(mode string, notes map[string]string) {
	registry.Serve(&registry.Plugin{Name: "hostile-" + mode, Version: "0", Instances: []*registry.Instance{{
		Name: "HostileKEM", Impl: "hostile-" + mode, Kind: registry.KindKEM, KEM: &standIn{mode: mode}, Notes: notes,
		Sizes: registry.Sizes{PublicKey: pkLen, SecretKey: skLen, Ciphertext: ctLen, SharedSecret: ssLen},
	}}})
}
