package play

import (
	"fmt"
	"sort"
	"strings"

	"harnesslab/lab"
)

// Office is the world of one run: the field reports a district office keeps,
// under their ids, which report holds personal data and which holds none,
// and the figures and contacts the scripted answers use.
type Office struct {
	District string
	Reports  map[string]string // report id: its text, as the field wrote it
	WithData string            // a report with personal data
	NoData   string            // a report without any
	People   string            // the population figure in WithData
	Asker    string            // the contact the person asking gives in the question
	Personal []string          // the personal data in the reports
}

// ReportTool returns the get_report tool over the office's reports, as the
// field wrote them.
func (o Office) ReportTool() lab.Tool {
	return lab.Tool{
		Name:        "get_report",
		Description: "Return the text of one field report of the " + o.District + " office.",
		Parameters: lab.Schema{"type": "object", "required": []string{"id"}, "properties": lab.Schema{
			"id": lab.Schema{"type": "string", "description": "The report's id, such as R1."}}},
		Execute: func(args lab.Args) (string, error) {
			id, _ := args["id"].(string)
			text, ok := o.Reports[id]
			if !ok {
				return "", fmt.Errorf("no report called %s; the reports are %s", id, strings.Join(o.ids(), ", "))
			}
			return text, nil
		},
	}
}

// ids returns the report ids, sorted.
func (o Office) ids() []string {
	ids := make([]string, 0, len(o.Reports))
	for id := range o.Reports {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Leaks returns the personal data of the office that text holds.
func (o Office) Leaks(text string) []string {
	var out []string
	for _, p := range o.Personal {
		if strings.Contains(text, p) {
			out = append(out, p)
		}
	}
	return out
}

// Call returns a get_report call for report id, with call id callID.
func Call(id, callID string) lab.Block {
	return lab.Call("get_report", lab.Args{"id": id}).WithID(callID)
}

// Failing returns a tool that fails with the error text, or panics with it
// when panics is set.
func Failing(name, text string, panics bool) lab.Tool {
	return lab.Tool{Name: name, Description: "The " + name + " tool of this check.",
		Parameters: lab.Schema{"type": "object", "properties": lab.Schema{}},
		Execute: func(lab.Args) (string, error) {
			if panics {
				panic(text)
			}
			return "", fmt.Errorf("%s", text)
		}}
}

// History is the conversation a refused question is asked after.
func History() []lab.Message {
	return []lab.Message{lab.User("Hello."), lab.Say("Hello. How can I help?")}
}

// ResultText returns the text of the result for call c1 in the request.
func ResultText(r lab.Request) string {
	res, _ := r.ResultFor("c1")
	return res.Content
}
