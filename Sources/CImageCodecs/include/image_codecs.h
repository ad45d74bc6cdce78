/* PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp) decoding, and PNG and JPEG encoding for Strata's images, in C
 * because libjpeg reports errors by longjmp, which Swift cannot take. Each function returns 0
 * on success; on failure it returns nonzero and writes a message to `error` (`error_size`
 * bytes, NUL-terminated). Pixels are RGBA8, premultiplied alpha, top row first, tightly packed,
 * in the caller's buffer; encoded bytes are freed with strata_codec_free. */
#ifndef STRATA_IMAGE_CODECS_H
#define STRATA_IMAGE_CODECS_H
#include <stddef.h>
#include <stdint.h>

/* Reads a JPEG file's header: its size in pixels and its EXIF orientation (1…8; 1 when there is
 * none). */
int strata_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *orientation, char *error,
                       int error_size);

/* Decodes a JPEG file's bytes straight into `pixels` (width × height × 4 bytes, from
 * strata_jpeg_header), as RGBA (libjpeg-turbo's JCS_EXT_RGBA: no pass of our own). */
int strata_jpeg_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                            int error_size);

/* Encodes RGBA8 pixels (alpha ignored: JPEG has none) at `quality` 0…100. */
int strata_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **bytes, size_t *size,
                       char *error, int error_size);

/* Reads a WebP file's header: its size in pixels. */
int strata_webp_header(const uint8_t *data, size_t size, int *width, int *height, char *error, int error_size);

/* Decodes a WebP file's bytes straight into `pixels` (width × height × 4 bytes, from
 * strata_webp_header), premultiplied (libwebp's MODE_rgbA: no pass of our own). */
int strata_webp_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                            int error_size);

/* Reads a PNG file's header (libpng): its size in pixels. */
int strata_png_header(const uint8_t *data, size_t size, int *width, int *height, char *error, int error_size);

/* Decodes a PNG file's bytes (libpng; any bit depth, palette, grey or colour, with or without
 * alpha) straight into `pixels` (width × height × 4 bytes, from strata_png_header) as RGBA8,
 * premultiplied in place only when the file has an alpha channel or a transparent colour. */
int strata_png_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                           int error_size);

/* Encodes premultiplied RGBA8 pixels (top row first) as an 8-bit RGBA PNG with straight alpha
 * (libpng, zlib `level` 0...9); `*bytes` (free with strata_codec_free) and `*size` get the file. */
int strata_png_encode(const uint8_t *rgba, int width, int height, int level, uint8_t **bytes, size_t *size,
                      char *error, int error_size);

/* Frees what the functions above returned. */
void strata_codec_free(void *pointer);

#endif
