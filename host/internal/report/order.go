package report

import (
	"sort"
	"strconv"

	"crucible.dev/host/internal/evidence"
)

// natLess orders names with their digit runs compared as numbers, so
// ML-KEM-512 comes before ML-KEM-1024.
func natLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, _ := strconv.Atoi(a[:da])
			nb, _ := strconv.Atoi(b[:db])
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && n < 18 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// sortInstances orders instances by category, then by name naturally.
func sortInstances(ins []*evidence.InstanceSummary) {
	sort.SliceStable(ins, func(i, j int) bool {
		a, b := ins[i], ins[j]
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		if a.ID != b.ID {
			return natLess(a.ID, b.ID)
		}
		return a.Plugin < b.Plugin
	})
}
