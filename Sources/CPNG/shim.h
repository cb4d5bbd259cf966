// libpng's simplified API for Segue's Raster module, its only client: fast in-memory PNG
// encoding for the preview server (Cairo's own writer has no compression setting).
#ifndef SEGUE_CPNG_SHIM_H
#define SEGUE_CPNG_SHIM_H

#include <png.h>

/// The R, G, B, A pixel format, a compound macro Swift cannot see.
static inline png_uint_32 segue_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

#endif
