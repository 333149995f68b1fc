// Counts every allocation of the process this is linked into, for OXOAllocationTests.
//
// An executable's own definitions of malloc and its kin come before the C library's in
// the dynamic linker's search, so every shared library (the Swift runtime, Foundation,
// SQLite) allocates through these. Each counts with a relaxed atomic, which orders
// nothing (the reader runs after the work it measures has finished) and costs the other
// tests of the process little, and forwards to the allocator glibc exports under its
// `__libc_` names, so no lookup (dlsym itself allocates) is needed before the first call.
#include "CAllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static _Atomic int64_t allocations;
static _Atomic int64_t frees;
static _Atomic int64_t bytes;

static void count_allocation(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, (int64_t)size, memory_order_relaxed);
}

static void count_free(void) {
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    count_allocation(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation(count * size);
    return __libc_calloc(count, size);
}

// realloc(NULL, n) is a malloc and realloc(p, 0) a free (glibc frees and returns NULL);
// anything else gives back one block for another, which may well be a copy.
void *realloc(void *pointer, size_t size) {
    if (pointer != NULL) count_free();
    if (pointer == NULL || size != 0) count_allocation(size);
    return __libc_realloc(pointer, size);
}

// glibc's own reallocarray calls its internal realloc, which would miss the count.
void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    if (pointer == NULL) return;
    count_free();
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

// With posix_memalign's own rule for the alignment: a power of two and a multiple of a
// pointer's size, or EINVAL.
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    void *pointer = memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation(size);
    return __libc_pvalloc(size);
}

bool c_allocation_counter_available(void) { return true; }

void c_allocation_counter_reset(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&bytes, 0, memory_order_relaxed);
}

CAllocationCounts c_allocation_counter_read(void) {
    return (CAllocationCounts){
        .allocations = atomic_load_explicit(&allocations, memory_order_relaxed),
        .frees = atomic_load_explicit(&frees, memory_order_relaxed),
        .bytes = atomic_load_explicit(&bytes, memory_order_relaxed),
    };
}

#else

// Elsewhere (macOS's two-level namespace, for one, keeps libraries on the system's
// malloc) nothing is counted, and the tests say so and skip.
bool c_allocation_counter_available(void) { return false; }

void c_allocation_counter_reset(void) {}

CAllocationCounts c_allocation_counter_read(void) { return (CAllocationCounts){0, 0, 0}; }

#endif
