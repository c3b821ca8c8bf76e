package harness

// MaxSteps is the step budget Chat gives the loop.
const MaxSteps = 12
