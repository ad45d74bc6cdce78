/* Nothing to compile: the header declares a function of Swift's runtime (libswiftCore). A C
 * target needs a source file. */
#include "swift_runtime.h"
