package report

import (
	"fmt"
	"html"
	"strings"

	"crucible.dev/host/internal/evidence"
)

// A page is built once as a list of blocks and written twice, as Markdown
// and as HTML, so the two reports cannot drift apart: the HTML carries the
// same tables and text, plus the charts Markdown has no room for.

// span is a run of inline text: plain, code, or a link. A link points
// either at a file of the run directory (file, relative to its root) or at
// another page of the report (page, a plugin name; "" with summary set for
// the summary).
type span struct {
	text    string
	code    bool
	file    string
	page    string
	summary bool
}

// inline is a sequence of spans, one table cell or paragraph.
type inline []span

func txt(s string) inline { return inline{{text: s}} }

func txtf(format string, a ...any) inline { return inline{{text: fmt.Sprintf(format, a...)}} }

func code(s string) inline { return inline{{text: s, code: true}} }

func fileLink(text, rel string) inline { return inline{{text: text, file: rel}} }

func pageLink(text, plugin string) inline { return inline{{text: text, page: plugin}} }

func (in inline) plus(more ...inline) inline {
	out := append(inline(nil), in...)
	for _, m := range more {
		out = append(out, m...)
	}
	return out
}

type block interface{ isBlock() }

type heading struct {
	level int
	id    string // HTML anchor
	text  string
}

type para struct{ text inline }

type bullets struct{ items []inline }

type table struct {
	head  []string
	right []bool // right-aligned (numeric) columns
	rows  [][]inline
}

// figure is an inline SVG chart; only the HTML report shows it.
type figure struct {
	svg     string
	caption string
}

func (heading) isBlock() {}
func (para) isBlock()    {}
func (bullets) isBlock() {}
func (*table) isBlock()  {}
func (figure) isBlock()  {}

// doc is one page.
type doc struct {
	plugin string // "" for the summary
	blocks []block
}

func (d *doc) h(level int, id, format string, a ...any) {
	d.blocks = append(d.blocks, heading{level, id, fmt.Sprintf(format, a...)})
}

func (d *doc) p(text inline) { d.blocks = append(d.blocks, para{text}) }

func (d *doc) list(items []inline) {
	if len(items) > 0 {
		d.blocks = append(d.blocks, bullets{items})
	}
}

func (d *doc) fig(svg, caption string) {
	if svg != "" {
		d.blocks = append(d.blocks, figure{svg, caption})
	}
}

// newTable starts a table; a column name ending in ":" is right-aligned
// (the colon is dropped), as in a Markdown alignment row.
func (d *doc) newTable(cols ...string) *table {
	t := &table{}
	for _, c := range cols {
		name, right := strings.CutSuffix(c, ":")
		t.head = append(t.head, name)
		t.right = append(t.right, right)
	}
	d.blocks = append(d.blocks, t)
	return t
}

func (t *table) row(cells ...inline) { t.rows = append(t.rows, cells) }

// body is the rows to print: a table with none says so rather than
// showing a bare header.
func (t *table) body() [][]inline {
	if len(t.rows) > 0 {
		return t.rows
	}
	r := make([]inline, len(t.head))
	r[0] = txt("(none in this run)")
	return [][]inline{r}
}

// srow adds a row of plain-text cells.
func (t *table) srow(cells ...string) {
	r := make([]inline, len(cells))
	for i, c := range cells {
		r[i] = txt(c)
	}
	t.rows = append(t.rows, r)
}

// mdEscape keeps names such as decaps_invalid or X25519_go-std from being
// read as emphasis, table or heading syntax, and a multi-line note in one
// table row.
var mdEscape = strings.NewReplacer(`\`, `\\`, `|`, `\|`, `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`, `<`, `\<`, "`", "\\`", "#", `\#`, "\n", " ")

// markdown writes d. The summary lives at the run directory's root
// (summary.md), plugin pages in report/: links are relative to each.
func (d *doc) markdown() []byte {
	var b strings.Builder
	up := "../"
	if d.plugin == "" {
		up = ""
	}
	inl := func(in inline) string {
		var s strings.Builder
		for _, sp := range in {
			text := evidence.Printable(sp.text)
			t := mdEscape.Replace(text)
			// A code span cannot hold a backtick: such text stays escaped.
			if sp.code && !strings.Contains(text, "`") {
				t = "`" + strings.NewReplacer("|", `\|`, "\n", " ").Replace(text) + "`"
			}
			switch {
			case sp.file != "":
				fmt.Fprintf(&s, "[%s](%s%s)", t, up, sp.file)
			case sp.page != "":
				target := "report/" + sp.page + ".md"
				if d.plugin != "" {
					target = sp.page + ".md"
				}
				fmt.Fprintf(&s, "[%s](%s)", t, target)
			case sp.summary:
				fmt.Fprintf(&s, "[%s](%ssummary.md)", t, up)
			default:
				s.WriteString(t)
			}
		}
		return s.String()
	}
	for i, bl := range d.blocks {
		if _, ok := bl.(figure); ok {
			continue
		}
		if i > 0 {
			b.WriteString("\n")
		}
		switch v := bl.(type) {
		case heading:
			fmt.Fprintf(&b, "%s %s\n", strings.Repeat("#", v.level), v.text)
		case para:
			b.WriteString(inl(v.text) + "\n")
		case bullets:
			for _, it := range v.items {
				b.WriteString("- " + inl(it) + "\n")
			}
		case *table:
			b.WriteString("|")
			for _, h := range v.head {
				b.WriteString(" " + mdEscape.Replace(h) + " |")
			}
			b.WriteString("\n|")
			for _, r := range v.right {
				if r {
					b.WriteString("---:|")
				} else {
					b.WriteString("---|")
				}
			}
			b.WriteString("\n")
			for _, row := range v.body() {
				b.WriteString("|")
				for _, c := range row {
					if s := inl(c); s != "" {
						b.WriteString(" " + s + " |")
					} else {
						b.WriteString(" |")
					}
				}
				b.WriteString("\n")
			}
		}
	}
	return []byte(b.String())
}

// html writes d's blocks for index.html, where every page is a section of
// one file: links to pages become anchors, links to evidence go up one
// directory (index.html lives in report/).
func (d *doc) html(b *strings.Builder) {
	inl := func(in inline) string {
		var s strings.Builder
		for _, sp := range in {
			t := html.EscapeString(sp.text)
			if sp.code {
				t = "<code>" + t + "</code>"
			}
			switch {
			case sp.file != "":
				fmt.Fprintf(&s, `<a href="../%s">%s</a>`, html.EscapeString(sp.file), t)
			case sp.page != "":
				fmt.Fprintf(&s, `<a href="#%s">%s</a>`, pageID(sp.page), t)
			case sp.summary:
				fmt.Fprintf(&s, `<a href="#summary">%s</a>`, t)
			default:
				s.WriteString(t)
			}
		}
		return s.String()
	}
	for _, bl := range d.blocks {
		switch v := bl.(type) {
		case heading:
			fmt.Fprintf(b, "<h%d id=\"%s\">%s</h%d>\n", v.level, v.id, html.EscapeString(v.text), v.level)
		case para:
			b.WriteString("<p>" + inl(v.text) + "</p>\n")
		case bullets:
			b.WriteString("<ul>\n")
			for _, it := range v.items {
				b.WriteString("<li>" + inl(it) + "</li>\n")
			}
			b.WriteString("</ul>\n")
		case *table:
			b.WriteString("<div class=\"tw\"><table>\n<thead><tr>")
			for i, h := range v.head {
				b.WriteString(cell("th", v.right[i], html.EscapeString(h)))
			}
			b.WriteString("</tr></thead>\n<tbody>\n")
			for _, row := range v.body() {
				b.WriteString("<tr>")
				for i, c := range row {
					b.WriteString(cell("td", i < len(v.right) && v.right[i], inl(c)))
				}
				b.WriteString("</tr>\n")
			}
			b.WriteString("</tbody></table></div>\n")
		case figure:
			fmt.Fprintf(b, "<figure>\n%s<figcaption>%s</figcaption>\n</figure>\n", v.svg, html.EscapeString(v.caption))
		}
	}
}

func cell(tag string, right bool, content string) string {
	if right {
		return fmt.Sprintf("<%s class=\"r\">%s</%s>", tag, content, tag)
	}
	return fmt.Sprintf("<%s>%s</%s>", tag, content, tag)
}

// pageID is the anchor of a plugin's section in index.html.
func pageID(plugin string) string { return "p-" + plugin }
