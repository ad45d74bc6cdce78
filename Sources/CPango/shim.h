// Text: Pango shaping and layout over HarfBuzz, drawn through Cairo; fontconfig for the fonts
// installed and the fonts apps register (Pango's fontconfig font map and font, to name a loaded
// face and to see fonts added at run time); HarfBuzz's OpenType metrics for cap and x heights.
// No logic here.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>
