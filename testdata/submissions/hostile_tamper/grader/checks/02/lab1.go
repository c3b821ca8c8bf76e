package main

// an attempt to replace the checks
