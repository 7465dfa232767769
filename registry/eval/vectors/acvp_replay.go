package vectors

import (
	"fmt"
	"strings"
)

// acvp replays the vector sets of one ACVP algorithm file, each by its
// algorithm and mode; groups of another parameter set than the target's
// do not apply.
func (x *replay) acvp(file string) error {
	sets, err := LoadACVP(file)
	if err != nil {
		return err
	}
	for _, set := range sets {
		var each func(g ACVPGroup, c ACVPCase, id string) error
		switch set.Algorithm {
		case "ML-KEM":
			if each, err = x.acvpMLKEM(set); err != nil {
				return err
			}
		case "ML-DSA":
			each = x.acvpMLDSA(set)
		default:
			each = x.acvpSymmetric(set)
		}
		if each == nil {
			return fmt.Errorf("acvp %s: the engine maps no operation onto algorithm %q mode %q", file, set.Algorithm, set.Mode)
		}
		for _, g := range set.Groups {
			if ps, err := g.Fields.String("parameterSet"); err == nil && x.t.Name != "" && !strings.EqualFold(ps, x.t.Name) {
				continue
			}
			tt, _ := g.Fields.String("testType")
			for _, c := range g.Tests {
				id := fmt.Sprintf("acvp %s %s vs %d tg %d tc %d (%s)", file, set.Mode, set.VsID, g.TgID, c.TcID, tt)
				if err := each(g, c, id); err != nil {
					return fmt.Errorf("%s: %w", id, err)
				}
			}
		}
	}
	return nil
}
