import FuzzDriver

// A closure rather than `fuzzJSONReaders` itself: converting the `@_cdecl` function to a C pointer in this file
// would emit its C entry point here a second time in a debug build.
runLibFuzzer { data, size in fuzzJSONReaders(data, size) }
