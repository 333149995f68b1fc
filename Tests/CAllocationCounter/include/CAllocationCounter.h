#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// What the process's allocator was asked for since the last reset, by every thread.
typedef struct {
    /// Blocks handed out: malloc, calloc, the aligned ones, and a realloc that moves or
    /// grows a block (which also counts a free).
    int64_t allocations;
    /// Blocks given back: free of anything but NULL, and a realloc of an existing block.
    int64_t frees;
    /// The bytes asked for by those allocations.
    int64_t bytes;
} CAllocationCounts;

/// Whether this platform's allocator is counted: the hooks exist on Linux with glibc
/// only; elsewhere the counts stay zero and the tests that need them skip.
bool c_allocation_counter_available(void);

/// Sets the counts to zero.
void c_allocation_counter_reset(void);

/// The counts since the last reset.
CAllocationCounts c_allocation_counter_read(void);

#endif
