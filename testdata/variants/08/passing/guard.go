package harness

// Luhn reports whether number passes the Luhn check that card numbers carry
// in their last digit. Spaces and hyphens are ignored; any other character,
// or fewer than two digits, fails.
func Luhn(number string) bool {
	// --- your code ---
	sum, n := 0, 0
	for i := len(number) - 1; i >= 0; i-- {
		switch c := number[i]; {
		case c == ' ' || c == '-':
			continue
		case c >= '0' && c <= '9':
			d := int(c-'0') * (1 + n%2)
			sum += d/10 + d%10
			n++
		default:
			return false
		}
	}
	return n >= 2 && sum%10 == 0
	// --- end ---
}

// Redact returns text with every phone number, e-mail address and card
// number replaced by its mark, and the kind of each one replaced, in the
// order they appear. A run of digits that fails the Luhn check is not a card
// number, and stays.
func Redact(text string) (string, []string) {
	// --- your code ---
	var b strings.Builder
	var found []string
	last := 0
	for _, at := range personal.FindAllStringIndex(text, -1) {
		match, mark, kind := text[at[0]:at[1]], "", ""
		if strings.ContainsRune(match, '@') {
			mark, kind = EmailMark, Email
		} else if match[0] == '+' {
			mark, kind = PhoneMark, Phone
		} else if Luhn(match) {
			mark, kind = CardMark, Card
		} else {
			continue
		}
		b.WriteString(text[last:at[0]])
		b.WriteString(mark)
		last = at[1]
		found = append(found, kind)
	}
	b.WriteString(text[last:])
	return b.String(), found
	// --- end ---
}

// RedactTools returns copies of tools whose results are redacted before
// anyone reads them: the text a tool returns, the text of its error, and the
// text of a panic. Every item redacted is one trigger in log, naming the
// tool. The tools handed in are left as they were.
func RedactTools(tools []lab.Tool, log *Log) []lab.Tool {
	// --- your code ---
	var out []lab.Tool
	for _, t := range tools {
		out = append(out, redacting(t, log))
	}
	return out
}

// redacting returns a copy of t whose results are redacted, each item logged.
func redacting(t lab.Tool, log *Log) lab.Tool {
	inner := t.Execute
	clean := func(text string) string {
		text, kinds := Redact(text)
		for _, k := range kinds {
			log.Add(RedactGuard, t.Name, k)
		}
		return text
	}
	t.Execute = func(args lab.Args) (text string, err error) {
		defer func() {
			if r := recover(); r != nil {
				text, err = "", errors.New(clean(fmt.Sprint(r)))
			}
		}()
		text, err = inner(args)
		if err != nil {
			return clean(text), fmt.Errorf("%s", clean(err.Error()))
		}
		return clean(text), nil
	}
	return t
	// --- end ---
}

// CheckInput returns an error if the question must not be sent: it is blank,
// longer than MaxInput characters, or holds a card number.
func CheckInput(text string) error {
	// --- your code ---
	_, kinds := Redact(text)
	switch n := utf8.RuneCountInString(text); {
	case len(strings.Fields(text)) == 0:
		return errors.New("the question is empty")
	case n > MaxInput:
		return fmt.Errorf("the question is %d characters long; the most this harness sends is %d", n, MaxInput)
	case contains(kinds, Card):
		return errors.New("the question holds a card number; take it out and ask again")
	}
	return nil
	// --- end ---
}

// UncitedFigures returns the figures of answer that no tool result backs,
// in the order they appear. A figure is backed when the first citation after
// it names a call whose result, not an error, holds that same figure. The
// digits inside a citation are not figures, and neither are the digits of
// personal data (what Redact replaces): a phone number is not a claim to
// cite, and a figure is written to the log, where personal data must not go.
func UncitedFigures(answer string, messages []lab.Message) []string {
	// --- your code ---
	sources := map[string][]string{}
	for _, m := range messages {
		if m.Role == lab.RoleToolResult && !m.IsError {
			sources[m.ToolCallID] = figure.FindAllString(m.Content, -1)
		}
	}
	// personal data is no figure: each item goes, as one space
	answer = personal.ReplaceAllStringFunc(answer, func(match string) string {
		if clean, _ := Redact(match); clean != match {
			return " "
		}
		return match
	})
	var uncited, pending []string
	rest := answer
	for rest != "" {
		loc := citation.FindStringSubmatchIndex(rest)
		before := rest
		if loc != nil {
			before = rest[:loc[0]]
		}
		pending = append(pending, figure.FindAllString(before, -1)...)
		if loc == nil {
			break
		}
		for _, fig := range pending {
			if !contains(sources[rest[loc[2]:loc[3]]], fig) {
				uncited = append(uncited, fig)
			}
		}
		pending, rest = nil, rest[loc[1]:]
	}
	return append(uncited, pending...)
	// --- end ---
}

// GuardedChat is Chat with its guardrails: the question is checked before
// anything is sent, every tool result is redacted, and the answer is checked
// before the caller gets it. It fails closed: a question that fails its check
// is Refused without a model call, and an answer with a figure no result
// backs, or with personal data in it, is Withheld (the reply stays in the
// list, as the record of what happened; the caller gets no text). Every
// trigger goes to log.
func GuardedChat(model lab.Model, messages []lab.Message, text string, tools []lab.Tool, log *Log) ([]lab.Message, Result) {
	// --- your code ---
	if err := CheckInput(text); err != nil {
		log.Add(InputGuard, "question", err.Error())
		return messages, Result{Status: Refused}
	}
	out, result := Chat(model, messages, text, RedactTools(tools, log))
	if result.Status != Answered {
		return out, result
	}
	before := len(log.Triggers)
	for _, fig := range UncitedFigures(result.Text, out) {
		log.Add(OutputGuard, "answer", "uncited figure "+fig)
	}
	_, kinds := Redact(result.Text)
	for _, k := range kinds {
		log.Add(OutputGuard, "answer", k)
	}
	if len(log.Triggers) > before {
		result = Result{Status: Withheld, Steps: result.Steps}
	}
	return out, result
	// --- end ---
}
