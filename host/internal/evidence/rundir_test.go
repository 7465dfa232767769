package evidence

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestStartRunRefusesARun: a new run directory gets its campaign.json and
// manifest; starting a second run in it is refused and leaves the first
// run's campaign.json as it was.
func TestStartRunRefusesARun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if err := StartRun(dir, Campaign{Tool: "first"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, ManifestName)); err != nil {
		t.Fatalf("no manifest: %v", err)
	}
	err := StartRun(dir, Campaign{Tool: "second"})
	if !errors.Is(err, ErrRunExists) {
		t.Fatalf("second run in the same directory: %v, want ErrRunExists", err)
	}
	var c Campaign
	if err := ReadJSON(CampaignPath(dir), &c); err != nil {
		t.Fatal(err)
	}
	if c.Tool != "first" {
		t.Errorf("campaign.json now says %q: the first run's was overwritten", c.Tool)
	}
}
