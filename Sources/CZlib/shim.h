// zlib for Segue's Scene module, which inflates a PNG's image data to check it when a scene loads.
#ifndef SEGUE_CZLIB_SHIM_H
#define SEGUE_CZLIB_SHIM_H

#include <zlib.h>

/// `inflateInit` is a macro, invisible to Swift.
static inline int segue_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}

#endif
