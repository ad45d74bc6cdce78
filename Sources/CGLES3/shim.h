// OpenGL ES 3.2 entry points and constants. No logic here.
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
