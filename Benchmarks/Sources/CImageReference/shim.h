/* The reference decoders the image benchmark measures Strata's decoding against, called
 * directly: libjpeg-turbo, libwebp and libpng. */
#include <stdio.h>
#include <jpeglib.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <png.h>

/* libpng's format macros are expressions Swift cannot import; the one the benchmark asks for. */
static const unsigned int strata_png_format_rgba = PNG_FORMAT_RGBA;
