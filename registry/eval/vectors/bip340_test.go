package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
)

// The embedded file is the one its SOURCE note pins.
func TestBIP340FileDigest(t *testing.T) {
	sum := sha256.Sum256(bip340CSV)
	if got, want := hex.EncodeToString(sum[:]), "34c9d1d9c3a88d524bc80778540dc43f8306ec249a7485293063c376db851c2d"; got != want {
		t.Errorf("%s: sha256 %s, want %s", bip340Path, got, want)
	}
}

// A file holding the pre-final draft (whose R has a square y) is reported
// as unavailable before any case is replayed, never as failures or a pass.
func TestBIP340RefusesDraft(t *testing.T) {
	draft := "index,secret key,public key,aux_rand,message,signature,verification result,comment\n" +
		"6,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,00,00,FALSE,has_square_y(R) is false\n"
	res, err := checkBIP340("draft.csv", []byte(draft), nil)
	if !errors.Is(err, ErrUnavailable) || res.Passed+res.Failed != 0 {
		t.Errorf("draft file: %+v, %v; want ErrUnavailable and no case", res, err)
	}
	if _, err := checkBIP340("empty.csv", nil, nil); err == nil {
		t.Error("an empty file was accepted")
	}
}
