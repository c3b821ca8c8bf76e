package checkkit

import "fmt"

// Scenarios runs one scenario once for each of its data sets, one after the
// other in the same program, and stops at the first run that fails. Checks
// run every scenario at least twice, with different data: a harness that
// keeps something between calls (a package-level cache, a list left over from
// the last conversation, a memo keyed by the question) answers the second
// run with what it learnt in the first, and fails it.
//
// Each data set is named (for example "the files of the lesson" and "other
// files, another port"), and a failure says which run it happened in; a
// failure that shows up only after the first run comes with advice: a case
// the first run did not hold, or state kept between calls. So put the data sets that test an edge first,
// and let later runs differ from earlier ones in data only: then a later run
// fails only for what the earlier one left behind.
func Scenarios[T any](c *C, sets []Data[T], scenario func(data T)) {
	defer c.setRun("")
	for k, run := range sets {
		c.setRun(fmt.Sprintf("run %d of the scenario (%s)", k+1, run.Name))
		if k > 0 {
			c.Logf("run %d of the scenario: %s", k+1, run.Name)
		}
		before := c.Failed()
		scenario(run.Data)
		if c.Failed() && !before {
			if k > 0 && !run.Fresh {
				c.Advise("The scenario passed its first run and failed run %d (%s), in the same program. "+
					"Either that run holds a case the first did not, or something of the first run was still there. "+
					"Does your code keep something between calls: a package-level variable, a cache, "+
					"a list it appends to? Everything a call needs should come from its arguments.", k+1, run.Name)
			}
			return
		}
	}
}

// Data is one data set of a scenario: a name the student reads, and the data.
// Fresh marks a set of other cases than the first set's (generated ones), so
// that a failure there is not taken for state kept from the first run.
type Data[T any] struct {
	Name  string
	Data  T
	Fresh bool `json:",omitempty"`
}

// EachScenario is Scenarios that also hands the judgement each data set's
// index, by which a played check's observations are keyed.
func EachScenario[T any](c *C, sets []Data[T], judge func(k int, data T)) {
	k := -1
	Scenarios(c, sets, func(data T) {
		k++
		judge(k, data)
	})
}

// Generated splits generated cases, sorted smallest first, into two data
// sets, every other case in each, so that both run from small to large and a
// failure shows the smallest case that tripped it. noun names the cases:
// "replies".
func Generated[T any](all []T, noun string) []Data[[]T] {
	sets := []Data[[]T]{{Name: "generated " + noun + ", smallest first"}, {Name: "more generated " + noun + ", smallest first", Fresh: true}}
	for i, x := range all {
		sets[i%2].Data = append(sets[i%2].Data, x)
	}
	return sets
}
