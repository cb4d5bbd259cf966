#ifndef SEGUE_CFFMPEG_SHIM_H
#define SEGUE_CFFMPEG_SHIM_H

// The FFmpeg headers the Video module uses, plus tiny inline shims for the
// function-like macros Swift cannot import.

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>

/// Makes freshly allocated heap memory hold the same bytes in every process and every encoder:
/// glibc fills each malloc'd block with a fixed pattern (M_PERTURB) and a fixed mmap threshold
/// stops the heap-or-mmap choice from depending on earlier allocations. Debian's libx264 reads
/// memory it has not written (measured: 16 encodes of one clip in one process gave 8 distinct
/// streams; with this, 1), so without it a video's bytes depended on what the process did before.
static inline void segue_make_allocations_deterministic(void) {
    mallopt(M_PERTURB, 0x5A);
    mallopt(M_MMAP_THRESHOLD, 64 * 1024 * 1024);
}

/// AVERROR(EAGAIN): the encoder wants more input before it can output.
static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }

/// AVERROR_EOF: the encoder has been fully drained.
static inline int segue_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR(EINVAL): an invalid argument.
static inline int segue_averror_einval(void) { return AVERROR(EINVAL); }

/// AVERROR(ENOMEM): an allocation failed.
static inline int segue_averror_enomem(void) { return AVERROR(ENOMEM); }

/// The pixel format of Cairo's CAIRO_FORMAT_ARGB32: a native-endian 32-bit
/// ARGB word, i.e. B,G,R,A bytes in memory on little-endian machines.
static inline enum AVPixelFormat segue_pix_fmt_cairo_argb32(void) { return AV_PIX_FMT_RGB32; }

/// The 'avc1' sample-entry tag for H.264 in MP4.
static inline unsigned int segue_codec_tag_avc1(void) { return MKTAG('a', 'v', 'c', '1'); }

/// The 'hvc1' sample-entry tag for HEVC in MP4: parameter sets only in the hvcC box, the tag
/// Apple's players require (they refuse 'hev1').
static inline unsigned int segue_codec_tag_hvc1(void) { return MKTAG('h', 'v', 'c', '1'); }

/// The size av_strerror needs to describe any error (AV_ERROR_MAX_STRING_SIZE).
static inline size_t segue_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }

#endif
