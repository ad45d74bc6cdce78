// Pango, called directly by the text benchmark's reference measurement. No logic here.
#include <pango/pangocairo.h>
