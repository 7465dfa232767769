// Package report renders a run directory for people: the table printed at
// the end of a run, summary.md, one page per plugin (report/<plugin>.md),
// the self-contained report/index.html, and the site that sets runs of
// several systems side by side.
//
// It is fed by the evidence model alone (an evidence.Run with its file
// index, and its evidence.Summary) and returns files rather than writing
// them: rendering reads and writes no disk and depends on no clock or map
// order, so the same evidence always gives byte-identical files, which
// package validate checks. A page is built once as blocks (doc.go) and
// written as Markdown and as HTML; each section of a plugin page and of
// the summary has its own file (page_*.go, summary_*.go). Figures are
// written by package format and listed in package opkey's order, which
// compare and gate share.
package report

import (
	"fmt"
	"html"
	"strings"

	"crucible.dev/host/internal/evidence"
)

// Render computes every report of a run from its evidence alone:
// summary.md, report/<plugin>.md per plugin and report/index.html. The
// output depends on nothing but run and sum (no clock, no map order), so
// `host validate` can demand byte-identical files.
func Render(run *evidence.Run, sum *evidence.Summary) []evidence.File {
	m := newModel(run, sum)
	sd := m.summaryDoc()
	files := []evidence.File{{Path: "summary.md", Data: sd.markdown()}}
	var pages []*doc
	for _, p := range m.plugins {
		pd := m.pluginPage(p)
		pages = append(pages, pd)
		files = append(files, evidence.File{Path: "report/" + pd.plugin + ".md", Data: pd.markdown()})
	}
	files = append(files, evidence.File{Path: "report/index.html", Data: indexHTML(sum, sd, pages)})
	return files
}

// css styles index.html; the page loads nothing else.
const css = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;background:#fff}
nav{position:fixed;top:0;left:0;bottom:0;width:220px;overflow:auto;background:#f4f5f7;border-right:1px solid #ddd;padding:12px;box-sizing:border-box}
nav a{display:block;color:#2a4d8f;text-decoration:none;padding:2px 0}
nav .sub{padding-left:12px;font-size:13px}
main{margin-left:220px;padding:16px 28px;max-width:1200px}
h1{font-size:24px;border-bottom:2px solid #2a4d8f;padding-bottom:4px;margin-top:32px}
h2{font-size:19px;margin-top:26px;border-bottom:1px solid #ddd}
h3{font-size:15px;margin-top:18px}
.tw{overflow-x:auto}
table{border-collapse:collapse;margin:8px 0;font-size:13px}
th,td{border:1px solid #d6d9de;padding:3px 7px;vertical-align:top}
th{background:#eef1f5;text-align:left}
td.r,th.r{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:nth-child(even){background:#fafbfc}
code{font:12px ui-monospace,Menlo,Consolas,monospace;background:#f2f2f2;padding:0 2px;word-break:break-all}
figure{margin:14px 0}
figcaption{font-size:13px;color:#555}
svg.chart{display:block;max-width:100%;height:auto}
svg .grid{stroke:#e2e2e2;stroke-width:1}
svg text{font:11px system-ui,sans-serif;fill:#333}
svg .tick,svg .axis{fill:#666}
svg .point-label{font-size:10px}
section{border-top:1px solid #eee}
`

// indexHTML assembles report/index.html: the summary and every plugin page
// as sections of one self-contained file.
func indexHTML(sum *evidence.Summary, summary *doc, pages []*doc) []byte {
	var b strings.Builder
	title := "Crucible run: " + sum.Suite
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	// Nothing may be fetched: the report must read the same offline and
	// years later. The policy makes any accidental reference an error.
	b.WriteString(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` + "\n")
	b.WriteString(`<meta name="viewport" content="width=device-width, initial-scale=1">` + "\n")
	b.WriteString(`<link rel="icon" href="data:,">` + "\n")
	fmt.Fprintf(&b, "<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<nav>\n", html.EscapeString(title), css)
	b.WriteString("<a href=\"#summary\"><b>Summary</b></a>\n")
	for _, p := range pages {
		fmt.Fprintf(&b, "<a href=\"#%s\">%s</a>\n", pageID(p.plugin), html.EscapeString(p.plugin))
		for _, bl := range p.blocks {
			if h, ok := bl.(heading); ok && h.level == 2 {
				fmt.Fprintf(&b, "<a class=\"sub\" href=\"#%s\">%s</a>\n", h.id, html.EscapeString(h.text))
			}
		}
	}
	b.WriteString("</nav>\n<main>\n<section id=\"s-summary\">\n")
	summary.html(&b)
	b.WriteString("</section>\n")
	for _, p := range pages {
		fmt.Fprintf(&b, "<section id=\"s-%s\">\n", p.plugin)
		p.html(&b)
		b.WriteString("</section>\n")
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	return []byte(b.String())
}
