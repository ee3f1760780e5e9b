// libFuzzer's driver, started from this target's own `main`: SwiftPM links an executable target's entry point
// under another name, so libFuzzer's `main` cannot be the program's. Same flags as any libFuzzer binary.
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
// A closure rather than `fuzzBatch` itself: converting the `@_cdecl` function to a C pointer in this file
// would emit its C entry point here a second time in a debug build.
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzBatch(data, size) })
