// Cairo 2D drawing and PNG I/O. No logic here.
#include <cairo.h>
