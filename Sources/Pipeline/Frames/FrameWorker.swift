import Engine
import Raster
import Scene
import Video

/// One worker's tools for turning a frame index into encoder-ready pixels: its own canvas and
/// converter (neither is thread-safe), the shared session.
final class FrameWorker {
    let session: RenderSession
    var geometry: FrameGeometry { session.geometry }
    private let canvas: Canvas
    private let converter: YUVConverter

    /// CPU seconds spent compositing (with the edge padding) and converting, since creation.
    private(set) var compositeSeconds = 0.0
    private(set) var convertSeconds = 0.0

    init(session: RenderSession, converterThreads: Int = 1, conversion: YUVConverter.Path = .simd) throws {
        self.session = session
        let geometry = session.geometry
        canvas = try session.canvas(padded: true)
        converter = try YUVConverter(width: geometry.width, height: geometry.height, threads: converterThreads, path: conversion)
    }

    /// A worker on its own for `scene`, with a session of its own.
    convenience init(scene: Scene) throws {
        try self.init(session: try RenderSession(scene: scene))
    }

    /// Composites frame `index` and converts it into `frame`, replacing its contents.
    func render(frame index: Int, into frame: YUVFrame) throws {
        let start = ProcessMeter.threadCPUTime()
        session.draw(session.timeline.state(frame: index), on: canvas)
        canvas.padEdges(contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight)
        let composited = ProcessMeter.threadCPUTime()
        try canvas.withPixels { try converter.convert(bgra: $0, stride: canvas.stride, into: frame) }
        compositeSeconds += composited - start
        convertSeconds += ProcessMeter.threadCPUTime() - composited
    }

    /// Frame `index` alone, as packed yuv420p bytes (the layout of `RawVideoFile`), for checks.
    func packedFrame(_ index: Int) throws -> [UInt8] {
        let frame = YUVFrame(width: geometry.width, height: geometry.height)
        try render(frame: index, into: frame)
        return frame.packedBytes()
    }
}
