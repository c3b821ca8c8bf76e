// Command helper does one misdeed per subcommand, for the sandbox tests:
//
//	helper alloc MIB           allocate and touch MIB mebibytes; print "allocated"
//	helper connect ADDR        dial ADDR over TCP; exit 0 if connected, 3 if not
//	helper create PATH         create PATH; exit 0 if created, 3 if not
//	helper remount PATH        remount / read-write, then create PATH
//	helper env                 print the environment, one variable a line
//	helper fd N                exit 0 if descriptor N is open, 3 if not
//	helper pwd                 print the working directory
//	helper flood MIB           write MIB mebibytes of 'x' to stdout and of 'y' to stderr
//	helper writefile PATH MIB  write MIB mebibytes to PATH
//	helper spawn MARK          start `helper sleep MARK` (holding stdout) and exit
//	helper spawn-setsid MARK   the same, the child in a new session, and exit
//	helper tree MARK           start `helper sleep MARK`, then sleep 60 s
//	helper sleep MARK          sleep 300 s
package main

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: helper CMD ARGS...")
	}
	args := os.Args[2:]
	switch os.Args[1] {
	case "alloc":
		b := make([]byte, mib(args[0]))
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Println("allocated")
	case "connect":
		c, err := net.DialTimeout("tcp", args[0], 2*time.Second)
		if err != nil {
			fmt.Println(err)
			os.Exit(3)
		}
		c.Close()
		fmt.Println("connected")
	case "create":
		create(args[0])
	case "remount":
		err := syscall.Mount("", "/", "", syscall.MS_REMOUNT|syscall.MS_BIND, "")
		fmt.Println("remount:", err)
		create(args[0])
	case "env":
		for _, kv := range os.Environ() {
			fmt.Println(kv)
		}
	case "fd":
		n, err := strconv.Atoi(args[0])
		if err != nil {
			fail(err.Error())
		}
		if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(n), syscall.F_GETFD, 0); errno != 0 {
			fmt.Println("closed:", errno)
			os.Exit(3)
		}
		fmt.Println("open")
	case "pwd":
		wd, err := os.Getwd()
		if err != nil {
			fail(err.Error())
		}
		fmt.Println(wd)
	case "flood":
		n := mib(args[0])
		go write(os.Stderr, 'y', n)
		write(os.Stdout, 'x', n)
		time.Sleep(100 * time.Millisecond) // let stderr finish; good enough for a test
	case "writefile":
		f, err := os.Create(args[0])
		if err != nil {
			fail(err.Error())
		}
		write(f, 'z', mib(args[1]))
		if err := f.Close(); err != nil {
			fail(err.Error())
		}
	case "spawn", "spawn-setsid", "tree":
		cmd := exec.Command(os.Args[0], "sleep", args[0])
		cmd.Stdout = os.Stdout
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: os.Args[1] == "spawn-setsid"}
		if err := cmd.Start(); err != nil {
			fail(err.Error())
		}
		fmt.Println("spawned", cmd.Process.Pid)
		if os.Args[1] == "tree" {
			time.Sleep(60 * time.Second)
		}
	case "sleep":
		time.Sleep(300 * time.Second)
	default:
		fail("unknown command " + os.Args[1])
	}
}

// create creates path and exits 0, or prints why not and exits 3.
func create(path string) {
	if err := os.WriteFile(path, []byte("escaped\n"), 0o644); err != nil {
		fmt.Println(err)
		os.Exit(3)
	}
	fmt.Println("created", path)
}

// write writes n bytes of c to f, in chunks; a failed write ends the program.
func write(f *os.File, c byte, n int) {
	chunk := bytes.Repeat([]byte{c}, 1<<20)
	for n > 0 {
		k := min(n, len(chunk))
		if _, err := f.Write(chunk[:k]); err != nil {
			fail(err.Error())
		}
		n -= k
	}
}

// mib parses a count of mebibytes into bytes.
func mib(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		fail(err.Error())
	}
	return n << 20
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "helper:", msg)
	os.Exit(2)
}
