package checks

import (
	"fmt"
	"strings"
	"unicode"
)

// Lab 1: compare, then swap. Each check tells a story of reads, edits and a
// teammate's writes over one workspace, twice, over other files.

// swap is what f's file holds after the edit of old, made over text.
func swap(f files, text string) string { return strings.Replace(text, f.old, f.new, 1) }

// withoutOld is the teammate's file with old_text taken out.
func withoutOld(f files) string { return strings.Replace(f.theirs, f.old, "", 1) }

// withOldTwice is the teammate's file with old_text added on a line of its
// own, so that it stands there twice.
func withOldTwice(f files) string { return f.theirs + f.old + "\n" }

// otherCase turns every upper-case letter of s to lower case and every
// lower-case letter to upper case.
func otherCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

func editReplacesOnePlace(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, f.old, f.new, ""),
	}, with(f, f.path, swap(f, f.text)))
}

func editNeedsARead(f files) story {
	missing := f.path + ".new"
	return tell(startOf(f), []act{
		editAct(0, "c1", f.path, f.old, f.new, fmt.Sprintf(notReadYet, f.path)),
		readAct(0, "c2", f.other, f.otherT),
		editAct(0, "c3", f.path, f.old, f.new, fmt.Sprintf(notReadYet, f.path)),
		failedRead(0, "c4", missing),
		teammate(missing, f.otherT),
		editAct(0, "c5", missing, f.otherT, f.new, fmt.Sprintf(notReadYet, missing)),
	}, with(f, missing, f.otherT))
}

func missingOldTextRefused(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, otherCase(f.old), f.new, fmt.Sprintf(oldTextMissing, f.path)),
		editAct(0, "c3", f.path, f.old+" \n", f.new, fmt.Sprintf(oldTextMissing, f.path)),
		editAct(0, "c4", f.path, f.text+f.text, f.new, fmt.Sprintf(oldTextMissing, f.path)),
	}, startOf(f))
}

func repeatedOldTextRefused(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, f.twice, f.new, fmt.Sprintf(oldTextRepeated, f.times, f.path)),
		editAct(0, "c3", f.path, "\n", "\n\n", fmt.Sprintf(oldTextRepeated, strings.Count(f.text, "\n"), f.path)),
	}, startOf(f))
}

func emptyOldTextRefused(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(0, "c2", f.path, "", f.new, emptyOldText),
	}, startOf(f))
}

func changedFileRefused(f files) story {
	// The teammate's later writes take old_text out, then put it in
	// twice: the version is compared before the text is looked at, so
	// the model is still told the file changed.
	gone, doubled := withoutOld(f), withOldTwice(f)
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		teammate(f.path, f.theirs),
		editAct(0, "c2", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
		readAct(0, "c3", f.other, f.otherT),
		teammate(f.other, f.otherT),
		editAct(0, "c4", f.other, f.otherT, f.new, fmt.Sprintf(changedSinceRead, f.other)),
		readAct(0, "c5", f.path, f.theirs),
		teammate(f.path, gone),
		editAct(0, "c6", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
		readAct(0, "c7", f.path, gone),
		teammate(f.path, doubled),
		editAct(0, "c8", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
	}, with(f, f.path, doubled))
}

func readAgainThenEdit(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		teammate(f.path, f.theirs),
		editAct(0, "c2", f.path, f.old, f.new, fmt.Sprintf(changedSinceRead, f.path)),
		readAct(0, "c3", f.path, f.theirs),
		editAct(0, "c4", f.path, f.old, f.new, ""),
	}, with(f, f.path, swap(f, f.theirs)))
}

func ownEditNeedsNoRead(f files) story {
	once := swap(f, f.text)
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		readAct(0, "c2", f.other, f.otherT),
		editAct(0, "c3", f.path, f.old, f.new, ""),
		editAct(0, "c4", f.path, f.new, f.old+"1", ""),
		editAct(0, "c5", f.other, f.otherT, f.new, ""),
	}, with(f, f.path, strings.Replace(once, f.new, f.old+"1", 1), f.other, f.new))
}

func textTakenLiterally(f files) story {
	text := f.text + "rate = (a.b)*2 $1 %d\n"
	return tell(map[string]string{f.path: text}, []act{
		readAct(0, "c1", f.path, text),
		editAct(0, "c2", f.path, "(a.b)*", "${1}$0 %s %% \\n", ""),
	}, map[string]string{f.path: strings.Replace(text, "(a.b)*", "${1}$0 %s %% \\n", 1)})
}

func readsBelongToOneChat(f files) story {
	return tell(startOf(f), []act{
		readAct(0, "c1", f.path, f.text),
		editAct(1, "c1", f.path, f.old, f.new, fmt.Sprintf(notReadYet, f.path)),
		readAct(1, "c2", f.other, f.otherT),
		editAct(0, "c2", f.path, f.old, f.new, ""),
		editAct(1, "c3", f.other, f.otherT, f.new, ""),
		editAct(0, "c3", f.other, f.otherT, f.old, fmt.Sprintf(notReadYet, f.other)),
	}, with(f, f.path, swap(f, f.text), f.other, f.new))
}
