#ifndef REEL_CCYCLECOUNTER_H
#define REEL_CCYCLECOUNTER_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

// Header-only: Swift inlines these where it calls them, and no C compilation unit brings its own debug
// information into the binary (valgrind 3.19, which the instruction counts use, cannot read clang's DWARF 5).

/// The processor's cycle counter: the time-stamp counter (`rdtsc`) on x86-64, the virtual count of the
/// generic timer (`cntvct_el0`) on arm64, 0 elsewhere. One unserialised instruction, inlined into the caller;
/// what a tick is worth is for the caller to calibrate (`reel_cycle_counter_is_invariant` says whether it can).
static inline uint64_t reel_cycle_counter_read(void) {
#if defined(__x86_64__)
    return __rdtsc();
#elif defined(__aarch64__)
    uint64_t ticks;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
    return ticks;
#else
    return 0;
#endif
}

/// Whether the processor promises a counter that ticks at a constant rate whatever the core's frequency or
/// power state: the invariant TSC bit of `cpuid` leaf 0x80000007 on x86-64; always on arm64, whose generic
/// timer is architecturally constant; never elsewhere.
static inline bool reel_cycle_counter_is_invariant(void) {
#if defined(__x86_64__)
    unsigned int eax, ebx, ecx, edx;
    if (__get_cpuid_max(0x80000000, 0) < 0x80000007) return false;
    __cpuid(0x80000007, eax, ebx, ecx, edx);
    return (edx & (1u << 8)) != 0;
#elif defined(__aarch64__)
    return true;
#else
    return false;
#endif
}

#endif
