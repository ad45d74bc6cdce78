/* Counts heap allocations per thread, for tests that a code path allocates nothing (a steady
 * frame on the render thread). Linked only into the test executable: it defines malloc and its
 * family over glibc's own entry points, so every allocation of the process goes through it.
 * Builds with a sanitizer (which interposes malloc itself) define nothing and report -1. */
#ifndef ALLOCATION_COUNT_H
#define ALLOCATION_COUNT_H

/* The allocations (malloc, calloc, realloc, memalign, aligned_alloc, posix_memalign) the calling
 * thread has made so far, or -1 where allocations are not counted (a sanitizer build). */
long long strata_thread_allocations(void);

#endif
