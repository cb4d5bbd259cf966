/// How the video plays the scene's time (`playback:`): stretches of it slower or faster, and
/// moments held. The engine is evaluated at the scene time each video frame maps to, so slow
/// motion shows the in-between frames, not repeated ones.
public struct PlaybackSegment: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Scene time `from` … `to` played at `rate` (0.25: a quarter of real speed).
        case rate(from: Double, to: Double, rate: Double)
        /// The moment `at` held for `seconds` of video.
        case hold(at: Double, seconds: Double)
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Where it starts in scene time.
    public var start: Double {
        switch kind {
        case .rate(let from, _, _): from
        case .hold(let at, _): at
        }
    }

    /// Where it ends in scene time (a hold ends where it starts).
    public var end: Double {
        switch kind {
        case .rate(_, let to, _): to
        case .hold(let at, _): at
        }
    }
}

/// The video's clock: video time to scene time and back, piecewise linear over a scene's
/// `playback` segments (the identity without any).
public struct PlaybackClock: Hashable, Sendable {
    /// Where each piece starts, in video and scene time, and how fast scene time runs in it
    /// (scene seconds per video second; 0 in a hold). Sorted by both times.
    struct Piece: Hashable, Sendable {
        var video: Double
        var scene: Double
        var rate: Double
    }

    let pieces: [Piece]
    /// The scene's length, and the video's.
    public let sceneDuration: Double
    public let videoDuration: Double

    /// The clock for `segments` (sorted, not overlapping, as the loader checks them) over a
    /// scene `sceneDuration` long; a segment past the end is cut there.
    public init(segments: [PlaybackSegment], sceneDuration: Double) {
        var pieces: [Piece] = []
        var video = 0.0, scene = 0.0
        for segment in segments.sorted(by: { $0.start < $1.start }) where segment.start <= sceneDuration {
            if segment.start > scene {
                pieces.append(Piece(video: video, scene: scene, rate: 1))
                video += segment.start - scene
                scene = segment.start
            }
            switch segment.kind {
            case .rate(_, let to, let rate):
                let end = min(to, sceneDuration)
                pieces.append(Piece(video: video, scene: scene, rate: rate))
                video += (end - scene) / rate
                scene = end
            case .hold(_, let seconds):
                pieces.append(Piece(video: video, scene: scene, rate: 0))
                video += seconds
            }
        }
        pieces.append(Piece(video: video, scene: scene, rate: 1))
        video += max(sceneDuration - scene, 0)
        self.pieces = pieces
        self.sceneDuration = sceneDuration
        videoDuration = video
    }

    /// Whether video time is scene time.
    public var isIdentity: Bool { pieces.allSatisfy { $0.rate == 1 } }

    /// The scene time video time `t` shows.
    public func sceneTime(atVideo t: Double) -> Double {
        guard let piece = pieces.last(where: { $0.video <= t }) ?? pieces.first else { return t }
        return min(piece.scene + (t - piece.video) * piece.rate, sceneDuration)
    }

    /// The first video time that shows scene time `s`.
    public func videoTime(atScene s: Double) -> Double {
        for (index, piece) in pieces.enumerated() {
            let end = index + 1 < pieces.count ? pieces[index + 1].scene : sceneDuration
            guard s <= end + 1e-12 else { continue }
            return piece.rate > 0 ? piece.video + max(s - piece.scene, 0) / piece.rate : piece.video
        }
        return videoDuration
    }
}
