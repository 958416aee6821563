package matrix

import (
	"strings"
)

// varying are the indices of the resources worth a row: those whose cell
// is not the same node in every scenario (baseline included).
func (r *Report) varying() []int {
	var out []int
	cols := r.all()
	for i := range r.Resources {
		for _, c := range cols {
			if cell := c.Cells[i]; cell.State != Placed || cell.Node != cols[0].Cells[i].Node {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// grid is the matrix as text cells: a corner label, column headers, row
// labels and cells.
type grid struct {
	corner  string
	headers []string
	labels  []string
	cells   [][]string // [row][column]
}

func (r *Report) grid(rowsIdx []int) grid {
	g := grid{corner: "resource"}
	cols := r.all()
	for _, c := range cols {
		g.headers = append(g.headers, c.Name)
	}
	for _, i := range rowsIdx {
		g.labels = append(g.labels, r.Resources[i])
		row := make([]string, len(cols))
		for j, c := range cols {
			row[j] = c.Cells[i].String()
		}
		g.cells = append(g.cells, row)
	}
	return g
}

func (g grid) transpose() grid {
	t := grid{corner: "scenario", headers: g.labels, labels: g.headers}
	t.cells = make([][]string, len(g.headers))
	for j := range g.headers {
		t.cells[j] = make([]string, len(g.labels))
		for i := range g.labels {
			t.cells[j][i] = g.cells[i][j]
		}
	}
	return t
}

const gap = 2

func (g grid) labelWidth() int {
	w := len(g.corner)
	for _, l := range g.labels {
		w = max(w, len(l))
	}
	return w
}

func (g grid) columnWidth(j int) int {
	w := len(g.headers[j])
	for _, row := range g.cells {
		w = max(w, len(row[j]))
	}
	return w
}

// pages splits the columns into runs that fit width beside the labels
// (at least one column a page).
func (g grid) pages(width int) [][]int {
	lw := g.labelWidth()
	var out [][]int
	var cur []int
	used := lw
	for j := range g.headers {
		cw := g.columnWidth(j) + gap
		if len(cur) > 0 && used+cw > width {
			out = append(out, cur)
			cur, used = nil, lw
		}
		cur = append(cur, j)
		used += cw
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// render writes the grid, one block of columns per page.
func (g grid) render(b *strings.Builder, width int) {
	pages := g.pages(width)
	lw := g.labelWidth()
	for pi, page := range pages {
		if len(pages) > 1 {
			if pi > 0 {
				b.WriteString("\n")
			}
			b.WriteString("(columns " + itoa(page[0]+1) + "-" + itoa(page[len(page)-1]+1) + " of " + itoa(len(g.headers)) + ")\n")
		}
		line := func(label string, cell func(j int) string) {
			var l strings.Builder
			l.WriteString(pad(label, lw))
			for _, j := range page {
				l.WriteString(strings.Repeat(" ", gap))
				l.WriteString(pad(cell(j), g.columnWidth(j)))
			}
			b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
		}
		line(g.corner, func(j int) string { return g.headers[j] })
		for i, label := range g.labels {
			line(label, func(j int) string { return g.cells[i][j] })
		}
	}
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return s + strings.Repeat(" ", w-len(s))
}
