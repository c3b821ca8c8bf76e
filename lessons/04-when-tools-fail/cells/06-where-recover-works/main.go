// Three places to call recover, and the one that works. The recover in
// tryIt is the safety net that reports a panic that got through.
package main

import "fmt"

// helper calls recover, but it is not the deferred function: it is called by it.
func helper() any { return recover() }

func tryIt(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Printf("%-42s the panic got through: %v\n", name, r)
		}
	}()
	f()
	fmt.Printf("%-42s caught; the function returned normally\n", name)
}

func main() {
	tryIt("recover in the deferred function:", func() {
		defer func() { recover() }()
		panic("boom")
	})
	tryIt("recover called before the panic:", func() {
		recover() // nothing is panicking yet, so this returns nil
		panic("boom")
	})
	tryIt("recover one call below the deferred one:", func() {
		defer func() { helper() }()
		panic("boom")
	})
}
