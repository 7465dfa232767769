package evidence

import "fmt"

// InteropRecord is one instance's interoperability matrix: every
// implementation consuming what every other produces (host interop).
type InteropRecord struct {
	Instance string        `json:"instance"` // the catalog name the implementations share
	Kind     string        `json:"kind"`
	Impls    []string      `json:"impls"`  // plugin:instance labels: the rows and the columns, in order
	Rounds   int           `json:"rounds"` // fresh keys per pair
	Cells    []InteropCell `json:"cells"`  // row-major: producer Impls[i], consumer Impls[j]
}

// InteropCell is one producer–consumer pair.
type InteropCell struct {
	Producer string `json:"producer"`
	Consumer string `json:"consumer"`
	Error    string `json:"error,omitempty"` // why the consumer refused; empty when it consumed every round
}

// Failures counts the pairs that did not interoperate.
func (r *InteropRecord) Failures() int {
	n := 0
	for _, c := range r.Cells {
		if c.Error != "" {
			n++
		}
	}
	return n
}

// Check says what keeps the record from being a whole matrix: one cell
// per ordered pair of its implementations, row-major; "" when it is one.
func (r *InteropRecord) Check() string {
	if len(r.Impls) < 2 {
		return fmt.Sprintf("%d implementations: a matrix needs two", len(r.Impls))
	}
	if len(r.Cells) != len(r.Impls)*len(r.Impls) {
		return fmt.Sprintf("%d cells for %d implementations, want %d", len(r.Cells), len(r.Impls), len(r.Impls)*len(r.Impls))
	}
	for i, c := range r.Cells {
		x, y := r.Impls[i/len(r.Impls)], r.Impls[i%len(r.Impls)]
		if c.Producer != x || c.Consumer != y {
			return fmt.Sprintf("cell %d is %s -> %s, want %s -> %s", i, c.Producer, c.Consumer, x, y)
		}
	}
	return ""
}

// InteropPath holds one instance's interoperability matrix.
func InteropPath(dir, instance string) string {
	return Path(dir, "interop", instance+".json")
}
