// Text: Pango shaping and layout over HarfBuzz, drawn through Cairo; fontconfig for the fonts
// installed; HarfBuzz's OpenType metrics for cap and x heights. No logic here.
#include <pango/pangocairo.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>
