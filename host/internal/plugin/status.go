package plugin

import "google.golang.org/grpc/status"

// statusCode is the gRPC status code of err, if it carries one.
func statusCode(err error) (string, bool) {
	st, ok := status.FromError(err)
	if !ok {
		return "", false
	}
	return st.Code().String(), true
}
