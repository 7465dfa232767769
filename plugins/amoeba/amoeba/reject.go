package amoeba

import "errors"

// ReachesReencryption reports whether decapsulating ct under sk gets past
// decryption's message code to re-encryption (registry.RejectionProber):
// a message the code cannot decode makes the reference's kem_dec return
// -1 before it re-encrypts, a cheaper path than implicit rejection.
func (k *KEM) ReachesReencryption(sk, ct []byte) (bool, error) {
	_, err := k.DecapsulateChecked(sk, ct)
	if errors.Is(err, ErrDecryptionFailure) {
		return false, nil
	}
	return err == nil, err
}
