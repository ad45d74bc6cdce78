/* The reference decoders the image benchmark measures Strata's decoding against, called
 * directly: libjpeg-turbo, libwebp, and Cairo's PNG reader. */
#include <stdio.h>
#include <jpeglib.h>
#include <webp/decode.h>
#include <webp/encode.h>
#include <cairo.h>
