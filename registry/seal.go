package registry

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"fmt"
)

// A fed loop's timed inputs travel with the preparation, where their
// bytes cost the timed call nothing, but sealed: packed and encrypted
// under a key that only the timed call brings. A plugin therefore cannot
// work on them before the host's clock runs; opening them is one pass of
// AES-CTR over the bytes (about 0.3 ms a megabyte here), which the host
// takes off with the empty loop's, which opens stand-ins of the same size.

// InputsKeySize is the length of the key that opens sealed inputs.
const InputsKeySize = 32

// errSealed marks sealed inputs that do not open into inputs.
var errSealed = errors.New("sealed inputs do not open")

// SealInputs packs inputs (each a list of parts) and encrypts them with
// AES-256-CTR under key, which must be fresh for every call: the counter
// starts at zero.
func SealInputs(key []byte, inputs [][][]byte) ([]byte, error) {
	var b []byte
	b = binary.AppendUvarint(b, uint64(len(inputs)))
	for _, parts := range inputs {
		b = binary.AppendUvarint(b, uint64(len(parts)))
		for _, p := range parts {
			b = binary.AppendUvarint(b, uint64(len(p)))
			b = append(b, p...)
		}
	}
	if err := crypt(key, b); err != nil {
		return nil, err
	}
	return b, nil
}

// OpenInputs decrypts sealed in place and returns the inputs SealInputs
// packed, as slices of it.
func OpenInputs(key, sealed []byte) ([][][]byte, error) {
	if err := crypt(key, sealed); err != nil {
		return nil, err
	}
	b := sealed
	next := func() (int, error) {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > uint64(len(b)) {
			return 0, fmt.Errorf("a length: %w", errSealed)
		}
		b = b[n:]
		return int(v), nil
	}
	count, err := next()
	if err != nil {
		return nil, err
	}
	inputs := make([][][]byte, count)
	for i := range inputs {
		nparts, err := next()
		if err != nil {
			return nil, err
		}
		inputs[i] = make([][]byte, nparts)
		for j := range inputs[i] {
			n, err := next()
			if err != nil {
				return nil, err
			}
			if n > len(b) {
				return nil, fmt.Errorf("input %d part %d of %d bytes past the end: %w", i, j, n, errSealed)
			}
			inputs[i][j], b = b[:n:n], b[n:]
		}
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%d bytes after the inputs: %w", len(b), errSealed)
	}
	return inputs, nil
}

// crypt XORs b in place with the AES-256-CTR key stream of key.
func crypt(key, b []byte) error {
	if len(key) != InputsKeySize {
		return fmt.Errorf("inputs key of %d bytes, want %d: %w", len(key), InputsKeySize, errSealed)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return err
	}
	cipher.NewCTR(block, make([]byte, aes.BlockSize)).XORKeyStream(b, b)
	return nil
}
