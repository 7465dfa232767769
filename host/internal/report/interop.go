package report

import "crucible.dev/host/internal/evidence"

// interop shows the interoperability matrices of the run (host interop):
// which implementation consumed what each other produced.
func (m *model) interop(d *doc) {
	if len(m.run.Interop) == 0 {
		return
	}
	d.h(2, "summary-interop", "Interoperability")
	d.p(txt("Each row's implementation produces (a key pair and ciphertext, a signature, party A's side of an exchange, a symmetric output on a shared input) and each column's consumes it, in the standard encodings, with fresh keys every round; a cell is ok when the consumer agreed in every round."))
	for _, r := range m.run.Interop {
		p := m.run.InteropPaths[r]
		d.p(txtf("%s (%s), %s per pair, %s: ", r.Instance, r.Kind, plural(r.Rounds, "round"), plural(r.Failures(), "failure")).plus(fileLink(p, p)))
		t := d.newTable(append([]string{"row produces, column consumes"}, r.Impls...)...)
		n := len(r.Impls)
		var fails []inline
		for i, x := range r.Impls {
			row := []inline{txt(x)}
			for j := range n {
				cell := "-" // a matrix short of cells; validate names it
				if k := i*n + j; k < len(r.Cells) {
					cell = "ok"
					if c := r.Cells[k]; c.Error != "" {
						cell = "FAIL"
						fails = append(fails, txtf("%s -> %s: %s", c.Producer, c.Consumer, evidence.FirstLine(c.Error)))
					}
				}
				row = append(row, txt(cell))
			}
			t.row(row...)
		}
		if len(fails) > 0 {
			d.list(fails)
		}
	}
}
