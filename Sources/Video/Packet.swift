internal import CFFmpeg

/// An owned AVPacket, reused for every packet the encoder outputs.
final class Packet {
    /// The packet; owned, freed in deinit.
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet.
    init() throws {
        guard let pointer = av_packet_alloc() else {
            throw VideoError.ffmpeg(operation: "av_packet_alloc", code: segue_averror_enomem(),
                                    message: ffmpegErrorText(segue_averror_enomem()))
        }
        self.pointer = pointer
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}
