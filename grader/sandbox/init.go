package sandbox

import "sync/atomic"

// execMarker is the first argument that tells Init this process is a
// sandboxed child: __sandbox_exec LIMITS PATH -- ARGV...
const execMarker = "__sandbox_exec"

// initCalled records that Init ran, so Run can refuse to start a child that
// would run main instead of the command.
var initCalled atomic.Bool
