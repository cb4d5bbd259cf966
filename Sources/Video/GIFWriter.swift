import Foundation
internal import CFFmpeg

/// Encodes `IndexedFrame`s to an animated GIF that loops forever: one global palette for the
/// whole clip, libavcodec's `gif` encoder (each frame cropped to what changed since the one
/// before, unchanged pixels transparent) into the `gif` muxer.
///
/// GIF delays are whole hundredths of a second: at 30 fps frames last 3 or 4 of them, 10/3 on
/// average. Staged like `MP4Writer`: nothing appears at `destination` until `finish()`
/// succeeds. Deterministic. Not synchronized.
public final class GIFWriter {
    public let destination: URL
    public let width: Int
    public let height: Int
    public let palette: GIFPalette
    public var framesWritten: Int { file.framesWritten }

    private let file: EncodedFile
    /// 256 native-endian 0xAARRGGBB words, as libavcodec's PAL8 frames carry their palette.
    private let paletteStorage: UnsafeMutableRawPointer

    public init(destination: URL, width: Int, height: Int, fps: Int, palette: GIFPalette) throws {
        guard (1...65535).contains(width), (1...65535).contains(height), (1...100).contains(fps) else {
            throw VideoError.invalidSettings("GIF frame size \(width)x\(height) at \(fps) fps is out of range (fps 1...100)")
        }
        let codec = try CodecContext(encoder: "gif", options: [:]) { context in
            context.pointee.width = Int32(width)
            context.pointee.height = Int32(height)
            context.pointee.pix_fmt = AV_PIX_FMT_PAL8
            context.pointee.time_base = AVRational(num: 1, den: Int32(fps))
            context.pointee.framerate = AVRational(num: Int32(fps), den: 1)
            context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
            context.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        }
        file = try EncodedFile(destination: destination, codec: codec, muxer: "gif", codecTag: nil, fps: fps,
                               options: ["loop": "0"])
        paletteStorage = UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 64)
        let words = paletteStorage.initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: 256)
        for (index, color) in palette.colors.enumerated() { words[index] = 0xFF00_0000 | color }
        self.destination = file.destination
        self.width = width
        self.height = height
        self.palette = palette
    }

    deinit {
        paletteStorage.deallocate()
    }

    /// Encodes one frame; `frame` may be reused once this returns.
    public func append(_ frame: IndexedFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw VideoError.invalidFrame("IndexedFrame is \(frame.width)x\(frame.height) but the GIF is \(width)x\(height)")
        }
        // The encoder keeps the previous frame (to crop each frame to what changed), so every
        // frame gets buffers of its own, zeroed so that row padding never varies.
        let palette = paletteStorage
        try file.send(lent: false) { avFrame in
            avFrame.pointee.format = AV_PIX_FMT_PAL8.rawValue
            avFrame.pointee.width = Int32(width)
            avFrame.pointee.height = Int32(height)
            try check(av_frame_get_buffer(avFrame, 0), "av_frame_get_buffer")
            guard let pixels = avFrame.pointee.buf.0, let rows = avFrame.pointee.data.0,
                  let colors = avFrame.pointee.data.1 else {
                throw VideoError.ffmpeg(operation: "av_frame_get_buffer", code: segue_averror_enomem(),
                                        message: ffmpegErrorText(segue_averror_enomem()))
            }
            pixels.pointee.data.initialize(repeating: 0, count: pixels.pointee.size)
            let stride = Int(avFrame.pointee.linesize.0)
            for y in 0..<height {
                (rows + y * stride).update(from: frame.indices + y * width, count: width)
            }
            colors.update(from: palette.assumingMemoryBound(to: UInt8.self), count: 1024)
        }
    }

    /// Flushes the encoder, writes the trailer and renames the GIF into place.
    public func finish() throws {
        try file.finish()
    }
}
