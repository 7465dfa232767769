package csub

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// katName matches the .rsp files PQCgenKAT_kem.c and PQCgenKAT_sign.c
// write, named after CRYPTO_SECRETKEYBYTES.
var katName = regexp.MustCompile(`^PQC(kem|sign)KAT_([0-9]+)\.rsp$`)

// findKAT finds the shipped .rsp file of this parameter set when --kat
// names none: in Src, else in its parent, else its grandparent (the NIST
// package's KAT/ folder beside Reference_Implementation/), a file of the
// kind's name whose number is CRYPTO_SECRETKEYBYTES where api.h writes it
// as a number, and whose header names CRYPTO_ALGNAME where there are still
// several. Copies of one file count once.
func (b *Build) findKAT() error {
	if b.KATSHA256 != "" {
		return b.declareSHA256()
	}
	switch b.KAT {
	case "none":
		b.KAT = ""
		return nil
	case "":
	default:
		f, err := filepath.Abs(b.KAT)
		if err != nil {
			return err
		}
		b.KATFile = f
		return b.countKAT()
	}
	want := "kem"
	if b.Kind == "sig" {
		want = "sign"
	}
	sk := b.api.SecretKeyBytes()
	for _, root := range []string{b.Src, filepath.Dir(b.Src), filepath.Dir(filepath.Dir(b.Src))} {
		byDigest := map[[32]byte]string{}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			m := katName.FindStringSubmatch(d.Name())
			if m == nil || m[1] != want || (sk > 0 && m[2] != fmt.Sprint(sk)) {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			if _, ok := byDigest[sha256.Sum256(data)]; !ok {
				byDigest[sha256.Sum256(data)] = p
			}
			return nil
		})
		var found []string
		for _, p := range byDigest {
			found = append(found, p)
		}
		sort.Strings(found)
		if len(found) > 1 && b.AlgName != "" {
			var named []string
			for _, p := range found {
				if data, err := os.ReadFile(p); err == nil && bytes.HasPrefix(data, []byte("# "+b.AlgName+"\n")) {
					named = append(named, p)
				}
			}
			if len(named) > 0 {
				found = named
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			b.KATFile = found[0]
			return b.countKAT()
		default:
			return fmt.Errorf("several PQC%sKAT files could be this parameter set's (%s): name one with --kat FILE, or --kat none", want, strings.Join(found, ", "))
		}
	}
	fmt.Fprintf(b.Log, "build-c: no PQC%sKAT_*.rsp file found beside %s: the plugin declares no KAT digest (--kat FILE names one)\n", want, b.Src)
	return nil
}

// countKAT counts the shipped file's records.
func (b *Build) countKAT() error {
	data, err := os.ReadFile(b.KATFile)
	if err != nil {
		return fmt.Errorf("--kat: %w", err)
	}
	b.KATCount = bytes.Count(data, []byte("\ncount = "))
	if bytes.HasPrefix(data, []byte("count = ")) {
		b.KATCount++
	}
	if b.KATCount == 0 {
		return fmt.Errorf("%s: no \"count = \" line: not a NIST .rsp file", b.KATFile)
	}
	return nil
}

// KATSource is the KAT source the plugin's generator names: "pqcgenkat",
// the .rsp file as PQCgenKAT writes it, or with --kat-sha256
// "pqclean-nistkat", the same records in the form PQClean digests.
func (b *Build) KATSource() string {
	if b.KATSHA256 != "" {
		return "pqclean-nistkat"
	}
	return "pqcgenkat"
}

// declareSHA256 declares a published digest in PQClean's form instead of
// a shipped file: META.yml's nistkat-sha256, the SHA-256 of the first
// record of PQCgenKAT's file without its "# ALGNAME" header and without
// the empty line after the record.
func (b *Build) declareSHA256() error {
	d := strings.ToLower(b.KATSHA256)
	if _, err := hex.DecodeString(d); err != nil || len(d) != 64 {
		return fmt.Errorf("--kat-sha256 %q: want 64 hex digits (PQClean's nistkat-sha256)", b.KATSHA256)
	}
	if b.KAT != "" {
		return fmt.Errorf("--kat-sha256 and --kat both declare the KAT file: give one")
	}
	if b.KATRecords <= 0 {
		return fmt.Errorf("--kat-records %d: the digest covers at least one record", b.KATRecords)
	}
	b.KATSHA256, b.KATCount = d, b.KATRecords
	return nil
}
