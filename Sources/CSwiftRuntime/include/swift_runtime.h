/* One entry point of Swift's runtime that the standard library does not surface: whether an
 * object's strong reference count has reached zero, so its deinit has begun or is waiting to run
 * (an `isolated deinit` released off its actor). Exported by libswiftCore on every platform
 * (Objective-C interop uses it); declared here in C so Swift calls it with its C convention. */
#ifndef CSWIFTRUNTIME_H
#define CSWIFTRUNTIME_H
#include <stdbool.h>

/* Whether `object` (a Swift class instance) is being or waiting to be deinitialised. */
bool swift_isDeallocating(void *object);

#endif
