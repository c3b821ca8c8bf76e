package harness

// MaxInput is the longest question, in characters (not bytes), that a
// guarded run sends to the model.
const MaxInput = 4000
