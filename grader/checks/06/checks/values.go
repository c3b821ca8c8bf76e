package checks

import (
	"harnesslab/grader/checkkit"
	"harnesslab/lab"
)

// The lesson's values: outputs.go keeps the limits and the two tools it
// was given.

// readLinesSpec and searchSpec are what a request should say about the
// lesson's read_lines and search tools.
var (
	readLinesSpec = lab.Spec{
		Name:        "read_lines",
		Description: "Read a page of a text file: at most 50 lines from offset (counting from 0). The page ends with the file's line count and the next offset.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"path":   lab.Schema{"type": "string", "description": "Path of the file to read."},
				"offset": lab.Schema{"type": "integer", "description": "First line to read, counting from 0. Default 0."},
				"limit":  lab.Schema{"type": "integer", "description": "How many lines to read, at most 50. Default 50."},
			},
			"required": []string{"path"},
		},
	}
	searchSpec = lab.Spec{
		Name:        "search",
		Description: "Find the lines of the workspace's files that contain a text (case matters). Each hit is path:offset: line; read around it with read_lines.",
		Parameters: lab.Schema{
			"type": "object",
			"properties": lab.Schema{
				"query": lab.Schema{"type": "string", "description": "The text to find, not a pattern."},
			},
			"required": []string{"query"},
		},
	}
)

func lessonValuesKept(c *checkkit.C) {
	c.Equal("outputs.go should keep the lesson's limits. (The other checks use the lesson's values whatever "+
		"outputs.go says; this one says whether it still agrees.)",
		Values{HeadLines: headLines, TailLines: tailLines, OutputsDir: outputsDir, PageLines: pageLines, MaxHits: maxHits}, S.Values)
	ws := lab.NewWorkspace(map[string]string{"a.log": numbered("", 60)})
	read, find := S.MakeReadLinesTool(ws), S.MakeSearchTool(ws)
	c.Equal("MakeReadLinesTool should return the lesson's read_lines tool, described exactly as it was given:",
		readLinesSpec, checkkit.SpecOf(read))
	c.Equal("MakeSearchTool should return the lesson's search tool, described exactly as it was given:",
		searchSpec, checkkit.SpecOf(find))
	if read.Execute == nil || find.Execute == nil {
		c.Fatalf("The read_lines and search tools need their Execute functions.")
	}
	if _, err := read.Execute(lab.Args{"path": "a.log", "offset": 2.5}); err == nil || len(ws.Reads()) > 0 || err.Error() != "offset must be a whole number, got 2.5" {
		c.Errorf("read_lines with offset 2.5 should fail with \"offset must be a whole number, got 2.5\", before it reads the file; it returned %s and read %s.", errText(err), checkkit.Commas(ws.Reads()))
	}
}
