#ifndef REEL_CLAYOUTTALLY_H
#define REEL_CLAYOUTTALLY_H

#include <stdint.h>

// Header-only, as CCycleCounter: no C compilation unit brings its own debug information into the binary
// (valgrind 3.19, which the instruction counts use, cannot read clang's DWARF 5).

/// What layouts did on one thread, counted where the engine cannot see it: attributes objects created and
/// queries the flow layout answered. The collection view reads the changes around each call into its layout.
typedef struct {
    /// Attributes objects created on this thread (every initializer and copy), ever.
    uint64_t created;
    /// Element, item and supplementary queries the flow layout answered on this thread, ever.
    uint64_t flowQueries;
    /// How many calls into layouts the thread is inside: only the outermost one reads the changes.
    uint64_t depth;
} reel_layout_tally;

/// This thread's tally. One variable per thread: replays on several threads count apart, with no lock.
/// Swift must call this from one function only: the function and its variable are `static`, so each object
/// file that used it would have its own.
static inline reel_layout_tally *reel_layout_tally_current(void) {
    static _Thread_local reel_layout_tally tally;
    return &tally;
}

#endif
