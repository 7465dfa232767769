package registry

import (
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"crucible.dev/registry/pluginv1"
)

// The kinds of failure that cross the wire as codes (pluginv1.ErrorCode):
// the host checks them with errors.Is, never by reading an error's text.
var (
	ErrPanic    = errors.New("panic")                                     // the algorithm code panicked
	ErrUnknown  = errors.New("no such instance, operation or KAT source") // the request names nothing served
	ErrNotBuilt = errors.New("instance not built")                        // the instance is not built on this system
	// ErrRandExhausted: the operation read past the explicit randomness
	// the call gave (a key generation that rejects and samples again can
	// read any amount), however its code wrapped the reader's error.
	ErrRandExhausted = errors.New("randomness exhausted")
)

// coded is an error that keeps its text and is also one of the sentinels.
type coded struct {
	err  error
	kind error
}

func (e *coded) Error() string   { return e.err.Error() }
func (e *coded) Unwrap() []error { return []error{e.err, e.kind} }

// withKind marks err as a failure of the given kind without changing its
// text.
func withKind(err, kind error) error { return &coded{err, kind} }

// ErrorCode is the wire code of err: the sentinel it is, or an operation's
// own failure.
func ErrorCode(err error) pluginv1.ErrorCode {
	switch {
	case err == nil:
		return pluginv1.ErrorCode_ERROR_CODE_NONE
	case errors.Is(err, ErrPanic):
		return pluginv1.ErrorCode_ERROR_CODE_PANIC
	case errors.Is(err, ErrUnknown):
		return pluginv1.ErrorCode_ERROR_CODE_UNKNOWN
	case errors.Is(err, ErrNotBuilt):
		return pluginv1.ErrorCode_ERROR_CODE_UNAVAILABLE
	case errors.Is(err, ErrRandExhausted):
		return pluginv1.ErrorCode_ERROR_CODE_RANDOMNESS
	}
	return pluginv1.ErrorCode_ERROR_CODE_OPERATION
}

// CodeError is the sentinel a wire code stands for; nil for an operation's
// own failure and for none.
func CodeError(c pluginv1.ErrorCode) error {
	switch c {
	case pluginv1.ErrorCode_ERROR_CODE_PANIC:
		return ErrPanic
	case pluginv1.ErrorCode_ERROR_CODE_UNKNOWN:
		return ErrUnknown
	case pluginv1.ErrorCode_ERROR_CODE_UNAVAILABLE:
		return ErrNotBuilt
	case pluginv1.ErrorCode_ERROR_CODE_RANDOMNESS:
		return ErrRandExhausted
	}
	return nil
}

// rpcError is err as a failed call's status: its text as the message (as
// gRPC gives any error) and its code as a Failure detail.
func rpcError(err error) error {
	if err == nil {
		return nil
	}
	st, derr := status.New(codes.Unknown, err.Error()).WithDetails(&pluginv1.Failure{Code: ErrorCode(err)})
	if derr != nil {
		return err
	}
	return st.Err()
}
