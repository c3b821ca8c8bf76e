package harness

// ShowStream reads stream to its end. It calls show with the words of each
// text piece as the piece arrives, in order, and never with a fragment of a
// tool call. It returns the reply the pieces make: one block per block
// number, in order, a text block holding its pieces joined and a toolCall
// block its fragments joined and decoded with DecodeArguments. A call whose
// fragments do not make a JSON object is an error.
func ShowStream(stream *lab.Stream, show func(text string)) (lab.Message, error) {
	// --- your code ---
	var firsts []lab.Piece // each block's first piece: its kind, id and name
	var texts []string     // each block's pieces joined
	for {
		piece, ok := stream.Next()
		if !ok {
			break
		}
		for len(firsts) <= piece.Block {
			firsts = append(firsts, lab.Piece{Block: -1})
			texts = append(texts, "")
		}
		if firsts[piece.Block].Block < 0 {
			firsts[piece.Block] = piece
		}
		texts[piece.Block] += piece.Text
		if piece.Kind == lab.TextPiece {
			show(piece.Text)
		}
	}
	blocks := make([]lab.Block, 0, len(firsts))
	var err error
	for k, first := range firsts {
		switch {
		case first.Block < 0:
			continue // no piece had this number
		case first.Kind == lab.TextPiece:
			blocks = append(blocks, lab.Text(texts[k]))
		default:
			var args lab.Args
			args, err = DecodeArguments(first.ID, texts[k])
			blocks = append(blocks, lab.Call(first.Name, args).WithID(first.ID))
		}
	}
	if err != nil {
		return lab.Message{}, err
	}
	return lab.Reply(blocks...), nil
	// --- end ---
}
