package harness

// System is the standing instruction every request carries.
const System = "You are a helpful assistant. If a tool call fails, read the error and try again."
