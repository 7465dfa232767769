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

// The empty loop that a fed trial's figure is calibrated with opens
// stand-ins of the trial's inputs: zero bytes of the same sizes, sealed
// by the plugin itself under a key of its own, since they hide nothing;
// the host sends only their shape. Sent from the host, the stand-ins of
// a fed AEAD open at 64 KiB (32 MiB, twice a trial) took most of the
// trial's time. It returns stand-ins of the trial's outputs too, where
// the host knows their sizes (a streamed loop's folds: at SHA-256 on 1
// KiB, returning 27,600 folds cost 20 to 40 ns a call beyond the empty
// loop's reply, 3 to 5% of the call).

// maxBallast bounds the bytes a ballast shape asks the plugin for.
const maxBallast = 256 << 20

// BallastShape is the shape of a fed trial's inputs and outputs, which
// the empty loop's preparation makes zero bytes of: the inputs' count,
// then for each its number of parts and each part's length, then the
// outputs' count and each one's length (uvarints).
func BallastShape(inputs [][][]byte, outputs []int) []byte {
	var b []byte
	b = binary.AppendUvarint(b, uint64(len(inputs)))
	for _, parts := range inputs {
		b = binary.AppendUvarint(b, uint64(len(parts)))
		for _, p := range parts {
			b = binary.AppendUvarint(b, uint64(len(p)))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(outputs)))
	for _, n := range outputs {
		b = binary.AppendUvarint(b, uint64(n))
	}
	return b
}

// ballast is what a ballast shape asks for: the stand-ins of a fed
// trial's inputs, sealed under key, and the sizes of its outputs.
type ballast struct {
	sealed, key []byte
	outputs     []int
}

// makeBallast seals zero bytes of shape's input sizes under a fresh key.
func makeBallast(shape []byte) (*ballast, error) {
	total := 0
	next := func() (int, error) {
		v, n := binary.Uvarint(shape)
		if n <= 0 || v > maxBallast {
			return 0, errors.New("ballast shape: a length out of range")
		}
		shape = shape[n:]
		return int(v), nil
	}
	size := func() (int, error) {
		n, err := next()
		if total += n; err == nil && total > maxBallast {
			err = fmt.Errorf("ballast shape: more than %d bytes", maxBallast)
		}
		return n, err
	}
	count, err := next()
	if err != nil {
		return nil, err
	}
	var zero []byte // shared by every part: SealInputs copies them
	inputs := make([][][]byte, 0, min(count, 1<<16))
	for range count {
		nparts, err := next()
		if err != nil {
			return nil, err
		}
		parts := make([][]byte, nparts)
		for j := range parts {
			n, err := size()
			if err != nil {
				return nil, err
			}
			if n > len(zero) {
				zero = make([]byte, n)
			}
			parts[j] = zero[:n]
		}
		inputs = append(inputs, parts)
	}
	nout, err := next()
	if err != nil {
		return nil, err
	}
	b := &ballast{key: FreshRand(InputsKeySize), outputs: make([]int, 0, min(nout, 1<<16))}
	for range nout {
		n, err := size()
		if err != nil {
			return nil, err
		}
		b.outputs = append(b.outputs, n)
	}
	if len(shape) != 0 {
		return nil, fmt.Errorf("ballast shape: %d bytes after it", len(shape))
	}
	if b.sealed, err = SealInputs(b.key, inputs); err != nil {
		return nil, err
	}
	return b, nil
}
