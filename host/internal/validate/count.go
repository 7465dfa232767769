package validate

import (
	"fmt"
	"os"
	"path/filepath"

	"crucible.dev/host/internal/callgrind"
	"crucible.dev/host/internal/evidence"
	"crucible.dev/registry"
)

// checkCount recomputes a record's instruction count, and its repeat
// count, from callgrind's files kept beside it.
func checkCount(dir, path string, r *evidence.Record) []Problem {
	ins := r.Instructions
	if ins == nil {
		return nil
	}
	c, err := recount(dir, ins.Dump)
	if err != nil {
		return []Problem{{path, "instruction count: " + err.Error()}}
	}
	if c.Instructions != ins.Total || c.Runtime != ins.Runtime || c.Calls != ins.Calls || ins.Calls < 1 ||
		ins.PerOp != float64(ins.Total)/float64(ins.Calls) {
		return []Problem{{path, fmt.Sprintf("instruction count %d (%d calls, %g per call) does not follow from %s: %d instructions, %d calls",
			ins.Total, ins.Calls, ins.PerOp, ins.Dump, c.Instructions, c.Calls)}}
	}
	if ins.RepeatDump == "" {
		if ins.Repeat != 0 {
			return []Problem{{path, fmt.Sprintf("repeat instruction count %d without its callgrind file", ins.Repeat)}}
		}
		return nil
	}
	if c, err = recount(dir, ins.RepeatDump); err != nil {
		return []Problem{{path, "repeat instruction count: " + err.Error()}}
	}
	if c.Instructions != ins.Repeat || c.Calls != ins.Calls {
		return []Problem{{path, fmt.Sprintf("repeat instruction count %d does not follow from %s: %d instructions, %d calls",
			ins.Repeat, ins.RepeatDump, c.Instructions, c.Calls)}}
	}
	return nil
}

// recount counts the loop in one of a run's callgrind files.
func recount(dir, dump string) (callgrind.LoopCount, error) {
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(dump)))
	if err != nil {
		return callgrind.LoopCount{}, fmt.Errorf("callgrind's file: %w", err)
	}
	return callgrind.CountGo(data, registry.CountedFunc)
}
