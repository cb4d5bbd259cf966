import Engine
import Raster
import Scene
import Video

/// One worker's tools for turning a frame index into encoder-ready pixels: its own canvas and
/// converter (neither is thread-safe), the shared session.
///
/// The worker keeps the last frame it made, in RGB on its canvas and converted in a frame of its
/// own, and redoes only the rows where the next frame it is given differs (`Canvas.drawChanges`,
/// `Damage`): a layer sliding over a still screen repaints and converts its band, a frame that
/// repeats the one before costs one copy. Which frame came before depends on how the pool hands
/// out frames, but not the result: a frame's bytes are the same whatever frame preceded it
/// (`DamageTests`, `DeterminismTests`).
final class FrameWorker {
    let session: RenderSession
    var geometry: FrameGeometry { session.geometry }
    private let canvas: Canvas
    private let converter: YUVConverter
    /// The conversion of what `canvas` holds, updated in the damaged rows only.
    private let converted: YUVFrame

    /// CPU seconds spent compositing (with the edge padding) and converting, since creation.
    private(set) var compositeSeconds = 0.0
    private(set) var convertSeconds = 0.0
    /// Rows repainted and converted, since creation.
    private(set) var repaintedRows = 0

    init(session: RenderSession, converterThreads: Int = 1, conversion: YUVConverter.Path = .simd) throws {
        self.session = session
        let geometry = session.geometry
        canvas = try session.canvas(padded: true)
        converter = try YUVConverter(width: geometry.width, height: geometry.height, threads: converterThreads, path: conversion)
        converted = YUVFrame(width: geometry.width, height: geometry.height)
    }

    /// A worker on its own for `scene`, with a session of its own.
    convenience init(scene: Scene) throws {
        try self.init(session: try RenderSession(scene: scene))
    }

    /// Composites frame `index` and converts it into `frame`, replacing its contents.
    func render(frame index: Int, into frame: YUVFrame) throws {
        let start = ProcessMeter.threadCPUTime()
        var damage = session.drawChanges(session.timeline.state(frame: index), on: canvas)
        canvas.padEdges(contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight)
        // The padding rows below the content repeat its last row: damaged with it.
        if let last = damage.bands.last, last.upperBound >= geometry.contentHeight {
            damage = damage.union(geometry.contentHeight..<geometry.height, height: geometry.height)
        }
        let composited = ProcessMeter.threadCPUTime()
        if !damage.isEmpty {
            try canvas.withPixels { try converter.convert(bgra: $0, stride: canvas.stride, into: converted, rowPairs: damage.rowPairs) }
        }
        frame.copyPixels(from: converted)
        compositeSeconds += composited - start
        convertSeconds += ProcessMeter.threadCPUTime() - composited
        repaintedRows += damage.rowCount
    }

    /// Frame `index` alone, as packed yuv420p bytes (the layout of `RawVideoFile`), for checks.
    func packedFrame(_ index: Int) throws -> [UInt8] {
        let frame = YUVFrame(width: geometry.width, height: geometry.height)
        try render(frame: index, into: frame)
        return frame.packedBytes()
    }
}
