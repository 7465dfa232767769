package evidence

import (
	"errors"
	"fmt"
	"os"
)

// ErrRunExists is returned by StartRun for a directory that already holds
// a run.
var ErrRunExists = errors.New("already holds a run")

// StartRun makes dir the directory of a new run: it creates it, refuses
// one that already holds a run (a second run would mix its records and
// manifest with the first's), tracks the files written into it for the
// manifest, and writes camp as its campaign.json. Every host command that
// writes a run directory starts it here, so they all refuse and record
// the same way.
func StartRun(dir string, camp Campaign) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("run directory: %w", err)
	}
	if _, err := os.Lstat(CampaignPath(dir)); err == nil {
		return fmt.Errorf("%s %w", dir, ErrRunExists)
	}
	if err := Track(dir); err != nil {
		return fmt.Errorf("run directory %s: %w", dir, err)
	}
	if err := WriteJSON(CampaignPath(dir), camp); err != nil {
		return fmt.Errorf("run directory %s: %w", dir, err)
	}
	return nil
}
