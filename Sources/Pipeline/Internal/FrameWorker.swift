import Engine
import Raster
import Scene
import Video

/// One worker's tools for turning a frame index into encoder-ready pixels: its own canvas and
/// converter (neither is thread-safe), the shared timeline and screens.
final class FrameWorker {
    let timeline: Timeline
    let screens: ScreenCache
    let geometry: FrameGeometry
    let options: CompositorOptions
    private let canvas: Canvas
    private let converter: YUVConverter

    /// CPU seconds spent compositing (with the edge padding) and converting, since creation.
    private(set) var compositeSeconds = 0.0
    private(set) var convertSeconds = 0.0

    init(timeline: Timeline, screens: ScreenCache, geometry: FrameGeometry, options: CompositorOptions,
         converterThreads: Int = 1, conversion: YUVConverter.Path = .simd) throws {
        self.timeline = timeline
        self.screens = screens
        self.geometry = geometry
        self.options = options
        canvas = try Canvas(pixelWidth: geometry.width, pixelHeight: geometry.height, scale: geometry.scale)
        converter = try YUVConverter(width: geometry.width, height: geometry.height, threads: converterThreads, path: conversion)
    }

    /// A worker on its own for `scene`: its timeline and freshly rasterized screens.
    convenience init(scene: Scene) throws {
        try self.init(timeline: try Timeline(scene: scene), screens: try ScreenCacheStore.rasterize(scene),
                      geometry: FrameGeometry(scene: scene), options: CompositorOptions(showsTouches: scene.showsTouches))
    }

    /// Composites frame `index` and converts it into `frame`, replacing its contents.
    func render(frame index: Int, into frame: YUVFrame) throws {
        let start = ProcessMeter.threadCPUTime()
        canvas.draw(timeline.state(frame: index), screens: screens, options: options)
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
