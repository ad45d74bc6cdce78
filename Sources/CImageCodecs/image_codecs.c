#include "image_codecs.h"

#include <setjmp.h>
#include <stdio.h> /* before jpeglib.h, which uses FILE */
#include <stdlib.h>
#include <jpeglib.h>
#include <png.h>
#include <string.h>
#include <webp/decode.h>

/* libjpeg's error manager, ending in a longjmp back to the call instead of exit(). */
struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char *error;
    int error_size;
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    snprintf(failure->error, (size_t)failure->error_size, "%s", message);
    longjmp(failure->back, 1);
}

static void jpeg_warning(j_common_ptr info, int level) {
    (void)info;
    (void)level; /* corrupt-data warnings: libjpeg recovers; the picture is what it could read */
}

/* The EXIF orientation in an APP1 marker's bytes (a TIFF header after "Exif\0\0"), or 1. */
static int exif_orientation(const uint8_t *p, unsigned int length) {
    if (length < 14 || memcmp(p, "Exif\0\0", 6) != 0) return 1;
    const uint8_t *tiff = p + 6;
    unsigned int size = length - 6;
    int little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
#define U16(q) (little ? (unsigned)((q)[0] | (q)[1] << 8) : (unsigned)((q)[0] << 8 | (q)[1]))
#define U32(q) (little ? (unsigned)((q)[0] | (q)[1] << 8 | (q)[2] << 16 | (unsigned)(q)[3] << 24) \
                       : (unsigned)((unsigned)(q)[0] << 24 | (q)[1] << 16 | (q)[2] << 8 | (q)[3]))
    unsigned int ifd = U32(tiff + 4);
    if (ifd < 8 || ifd + 2 > size) return 1;
    unsigned int count = U16(tiff + ifd);
    for (unsigned int i = 0; i < count; i++) {
        unsigned int entry = ifd + 2 + 12 * i;
        if (entry + 12 > size) return 1;
        if (U16(tiff + entry) == 0x0112) {
            unsigned int value = U16(tiff + entry + 8);
            return value >= 1 && value <= 8 ? (int)value : 1;
        }
    }
    return 1;
#undef U16
#undef U32
}

/* Points a codec's errors at jpeg_fail (a longjmp back to the setjmp that follows) and its warnings at nothing. */
#define JPEG_BEGIN(info, failure, error, error_size)            \
    (info).err = jpeg_std_error(&(failure).manager);            \
    (failure).manager.error_exit = jpeg_fail;                   \
    (failure).manager.emit_message = jpeg_warning;              \
    (failure).error = (error);                                  \
    (failure).error_size = (error_size);

int strata_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, int *orientation, char *error,
                       int error_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    JPEG_BEGIN(info, failure, error, error_size)
    if (setjmp(failure.back)) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    *orientation = 1;
    for (jpeg_saved_marker_ptr m = info.marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1) *orientation = exif_orientation(m->data, m->data_length);
    }
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int strata_jpeg_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                            int error_size) {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    JPEG_BEGIN(info, failure, error, error_size)
    if (setjmp(failure.back)) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if ((int)info.output_width != width || (int)info.output_height != height) {
        snprintf(error, (size_t)error_size, "the JPEG is %ux%u, not the %dx%d its header gave", info.output_width,
                 info.output_height, width, height);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    size_t row = (size_t)width * 4;
    while (info.output_scanline < info.output_height) {
        JSAMPROW line = pixels + row * info.output_scanline;
        jpeg_read_scanlines(&info, &line, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int strata_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **bytes, size_t *size,
                       char *error, int error_size) {
    struct jpeg_compress_struct info;
    struct jpeg_failure failure;
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    *bytes = NULL;
    JPEG_BEGIN(info, failure, error, error_size)
    if (setjmp(failure.back)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t row = (size_t)width * 4;
    while (info.next_scanline < info.image_height) {
        JSAMPROW line = (JSAMPROW)(rgba + row * info.next_scanline);
        jpeg_write_scanlines(&info, &line, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *bytes = buffer;
    *size = length;
    return 0;
}

int strata_webp_header(const uint8_t *data, size_t size, int *width, int *height, char *error, int error_size) {
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        snprintf(error, (size_t)error_size, "not a WebP image, or cut short (libwebp status %d)", (int)status);
        return 1;
    }
    *width = features.width;
    *height = features.height;
    return 0;
}

int strata_webp_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                            int error_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        snprintf(error, (size_t)error_size, "libwebp's decoder does not match its header");
        return 1;
    }
    size_t row = (size_t)width * 4;
    /* Decoded straight into the caller's buffer, premultiplied (MODE_rgbA). */
    config.output.colorspace = MODE_rgbA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)row;
    config.output.u.RGBA.size = row * (size_t)height;
    VP8StatusCode status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        snprintf(error, (size_t)error_size, "the WebP data is damaged, cut short or animated (libwebp status %d)", (int)status);
        return 1;
    }
    return 0;
}

/* libpng, through its full API: errors arrive by longjmp, caught here. */
struct png_source {
    const uint8_t *data;
    size_t size, offset;
};

static void png_read_memory(png_structp png, png_bytep out, size_t length) {
    struct png_source *source = (struct png_source *)png_get_io_ptr(png);
    if (length > source->size - source->offset) png_error(png, "the data ends early");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

struct png_failure {
    char *error;
    int error_size;
};

static void png_fail(png_structp png, png_const_charp message) {
    struct png_failure *failure = (struct png_failure *)png_get_error_ptr(png);
    snprintf(failure->error, (size_t)failure->error_size, "not a PNG, or damaged or cut short (libpng: %s)", message);
    png_longjmp(png, 1);
}

static void png_warn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* PNG stores straight alpha; the compositor takes premultiplied (in the encoded values, as Core
 * Graphics and Cairo premultiply): each colour times alpha / 255, rounded, as (t + t / 256) / 256
 * with t = c * a + 128, which is exact for 8 bits and leaves opaque pixels as they are. Red and
 * blue go together in one 32-bit word (two 16-bit lanes that cannot carry into each other), with
 * no branch, so the compiler vectorises the loop. */
static void premultiply(uint8_t *p, size_t count) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (size_t i = 0; i < count; i++, p += 4) {
        uint32_t px;
        memcpy(&px, p, 4); /* R | G << 8 | B << 16 | A << 24 */
        uint32_t a = px >> 24;
        uint32_t rb = (px & 0x00FF00FFu) * a + 0x00800080u;
        rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        uint32_t g = ((px >> 8) & 0xFFu) * a + 0x80u;
        g = (g + (g >> 8)) >> 8;
        px = rb | g << 8 | (px & 0xFF000000u);
        memcpy(p, &px, 4);
    }
#else
    for (size_t i = 0; i < count; i++, p += 4) {
        unsigned a = p[3];
        for (int c = 0; c < 3; c++) {
            unsigned t = p[c] * a + 128;
            p[c] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
#endif
}

/* Reads the header (and, with `pixels`, the image) of a PNG in memory. */
static int png_read(const uint8_t *data, size_t size, int *width, int *height, uint8_t *pixels, char *error,
                    int error_size) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(error, (size_t)error_size, "not a PNG (no PNG signature)");
        return 1;
    }
    struct png_failure failure = {error, error_size};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, png_fail, png_warn);
    if (!png) {
        snprintf(error, (size_t)error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    struct png_source source = {data, size, 0};
    png_set_read_fn(png, &source, png_read_memory);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (!pixels) {
        *width = (int)w;
        *height = (int)h;
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if ((int)w != *width || (int)h != *height) png_error(png, "the size changed between reads");
    /* Every colour type to 8-bit RGBA, the samples as stored (no gamma conversion, as Cairo and
     * browsers show PNGs without colour management). */
    int type = png_get_color_type(png, info);
    int has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA)) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unexpected row size after conversion");
    if (passes == 1) {
        /* One row at a time, each premultiplied while it is still in the cache. */
        for (png_uint_32 y = 0; y < h; y++) {
            uint8_t *row = pixels + (size_t)y * w * 4;
            png_read_row(png, row, NULL);
            if (has_alpha) premultiply(row, w);
        }
    } else {
        rows = malloc(sizeof(png_bytep) * h);
        if (!rows) png_error(png, "out of memory for row pointers");
        for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
        png_read_image(png, rows);
        free(rows);
        rows = NULL;
        if (has_alpha) premultiply(pixels, (size_t)w * h);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int strata_png_header(const uint8_t *data, size_t size, int *width, int *height, char *error, int error_size) {
    return png_read(data, size, width, height, NULL, error, error_size);
}

int strata_png_decode_into(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error,
                           int error_size) {
    return png_read(data, size, &width, &height, pixels, error, error_size);
}

/* A growing buffer libpng writes an encoded file into. */
struct png_sink {
    uint8_t *bytes;
    size_t size, capacity;
};

static void png_write_memory(png_structp png, png_bytep data, size_t length) {
    struct png_sink *sink = (struct png_sink *)png_get_io_ptr(png);
    if (length > sink->capacity - sink->size) {
        size_t capacity = sink->capacity ? sink->capacity : 65536;
        while (capacity - sink->size < length) capacity *= 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded file");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void png_flush_memory(png_structp png) { (void)png; }

static void png_fail_writing(png_structp png, png_const_charp message) {
    struct png_failure *failure = (struct png_failure *)png_get_error_ptr(png);
    snprintf(failure->error, (size_t)failure->error_size, "libpng could not encode the image: %s", message);
    png_longjmp(png, 1);
}

/* Premultiplied to straight alpha, as Cairo's PNG writer undoes it (so files keep their bytes):
 * each colour (c * 255 + a / 2) / a, transparent pixels all zero, opaque ones as they are. */
static void unpremultiply_row(const uint8_t *source, uint8_t *target, size_t count) {
    for (size_t i = 0; i < count; i++, source += 4, target += 4) {
        unsigned a = source[3];
        if (a == 255) {
            memcpy(target, source, 4);
        } else if (a == 0) {
            memset(target, 0, 4);
        } else {
            for (int c = 0; c < 3; c++) target[c] = (uint8_t)((source[c] * 255u + a / 2) / a);
            target[3] = (uint8_t)a;
        }
    }
}

int strata_png_encode(const uint8_t *rgba, int width, int height, int level, uint8_t **bytes, size_t *size,
                      char *error, int error_size) {
    *bytes = NULL;
    struct png_failure failure = {error, error_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, png_fail_writing, png_warn);
    if (!png) {
        snprintf(error, (size_t)error_size, "libpng could not start");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    struct png_sink sink = {NULL, 0, 0};
    uint8_t *volatile row = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(row);
        free(sink.bytes);
        png_destroy_write_struct(&png, &info);
        if (!info) snprintf(error, (size_t)error_size, "libpng could not start");
        return 1;
    }
    png_set_write_fn(png, &sink, png_write_memory, png_flush_memory);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    /* The Up filter alone: on rendered frames (flat colour, text, gradients) within about a tenth of
     * the adaptive choice's size, in a third of the time of trying all five on every row. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_write_info(png, info);
    size_t stride = (size_t)width * 4;
    row = malloc(stride);
    if (!row) png_error(png, "out of memory for a row");
    for (int y = 0; y < height; y++) {
        unpremultiply_row(rgba + stride * (size_t)y, row, (size_t)width);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    free(row);
    png_destroy_write_struct(&png, &info);
    *bytes = sink.bytes;
    *size = sink.size;
    return 0;
}

void strata_codec_free(void *pointer) { free(pointer); }
