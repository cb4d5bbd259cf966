import Engine
import Raster
import Scene
import Stills
import Video
import Foundation

/// A buffer of the render's frame ring: a frame converted to yuv420p, and what it is the
/// conversion of, so that whichever worker fills it next converts only the rows where its own
/// frame differs (`Canvas.changes(since:)`) and leaves the rest as they are.
///
/// The encoder reads the planes where they are (`MP4Writer.append(yuv:)` lends them to
/// libavcodec, and libx264 copies them into its own picture before the call returns), so a
/// frame is never copied between the worker and the encoder.
///
/// Unchecked Sendable: used by one thread at a time, handed between them by `WorkerRun`'s
/// ordering (the worker that converted it, then the encoder once the run says the item is done).
final class ConvertedFrame: @unchecked Sendable {
    let yuv: YUVFrame
    /// What `yuv` holds the conversion of; nil while it holds black from its allocation.
    fileprivate(set) var painted: FrameSurface.Mark?

    init(width: Int, height: Int) {
        yuv = YUVFrame(width: width, height: height)
    }

    /// Moves `move`'s rows in the planes: the luma rows, and the chroma rows of the pairs it
    /// moves whole by an even number of rows (`RowMove.chromaPairs`).
    fileprivate func apply(_ move: RowMove) {
        let planes = yuv.planes
        move.apply(to: planes.y.base, stride: planes.y.stride, rowBytes: planes.y.rowBytes, height: planes.y.rows)
        for chroma in [planes.u, planes.v] {
            move.applyToChroma(chroma.base, stride: chroma.stride, rowBytes: chroma.rowBytes, height: chroma.rows)
        }
    }
}

/// One worker's tools for turning a frame index into encoder-ready pixels: its own canvas and
/// converter (neither is thread-safe), the shared session.
///
/// The worker keeps the last frame it painted on its canvas and repaints only the rows where
/// the next frame it is given differs (`Canvas.drawChanges`, `Damage`): a layer sliding over a
/// still screen repaints its band. It then converts, into the ring buffer it is given, only
/// the rows where that buffer's earlier frame differs from the new one (`ConvertedFrame`): a
/// frame that repeats costs nothing. Which frames came before depends on how the pool hands
/// out frames and buffers, but not the result: a frame's bytes are the same whatever frame
/// preceded it on the canvas or in the buffer (`DamageTests`, `DeterminismTests`).
final class FrameWorker {
    let session: RenderSession
    private let surface: FrameSurface
    private let converter: YUVConverter

    /// CPU seconds spent compositing (with the edge padding or the frame) and converting, since creation.
    private(set) var compositeSeconds = 0.0
    private(set) var convertSeconds = 0.0
    /// Rows repainted on the canvas, and rows converted into the ring's buffers, since creation.
    private(set) var repaintedRows = 0
    private(set) var convertedRows = 0
    /// Rows moved whole in the ring's buffers (a scroll), since creation.
    private(set) var movedRows = 0

    /// A worker for `session`'s frames, inside `plate`'s device frame when given.
    init(session: RenderSession, plate: DeviceFramePlate? = nil, converterThreads: Int = 1,
         conversion: YUVConverter.Path = .simd) throws {
        self.session = session
        surface = try FrameSurface(session: session, plate: plate, padded: true)
        converter = try YUVConverter(width: surface.pixelWidth, height: surface.pixelHeight, threads: converterThreads,
                                     path: conversion)
    }

    /// Composites frame `index` and makes `frame` its conversion, converting only the rows
    /// where it may differ from what `frame` held — after moving, in `frame`, the rows a scroll
    /// moves whole: their luma rows, and their chroma rows when the move is by an even number
    /// of rows; an odd one pairs the rows differently, so their chroma is converted again.
    func render(frame index: Int, into frame: ConvertedFrame) throws {
        let start = ProcessMeter.threadCPUTime()
        let drawn = surface.drawChanges(session.timeline.state(frame: index))
        let composited = ProcessMeter.threadCPUTime()
        let changes = surface.changes(since: frame.painted)
        let stale = changes.damage
        var chromaPairs: [Range<Int>] = []
        if let move = changes.move {
            frame.apply(move)
            // The pairs with a moved row whose chroma did not move, and no row to convert whole.
            let pairCount = surface.pixelHeight / 2
            chromaPairs = Damage(move.rows.rowPairs, height: pairCount).subtracting(Damage(move.chromaPairs, height: pairCount))
                .subtracting(Damage(stale.rowPairs, height: pairCount)).bands
            movedRows += move.rows.rowCount
        }
        try surface.withPixels { pixels in
            if !stale.isEmpty {
                try converter.convert(bgra: pixels, stride: surface.stride, into: frame.yuv, rowPairs: stale.rowPairs)
            }
            if !chromaPairs.isEmpty {
                try converter.convert(bgra: pixels, stride: surface.stride, into: frame.yuv, rowPairs: chromaPairs, luma: false)
            }
        }
        frame.painted = surface.mark
        compositeSeconds += composited - start
        convertSeconds += ProcessMeter.threadCPUTime() - composited
        repaintedRows += drawn.damage.rowCount
        convertedRows += stale.rowCount
    }

    /// A worker on its own for `scene`, with a session of its own (and its device frame, if it has one).
    convenience init(scene: Scene) throws {
        let session = try RenderSession(scene: scene)
        try self.init(session: session, plate: try RenderJob.plate(of: session.scene))
    }

    /// Frame `index` alone, as packed yuv420p bytes (the layout of `RawVideoFile`), for checks.
    func packedFrame(_ index: Int) throws -> [UInt8] {
        let frame = ConvertedFrame(width: surface.pixelWidth, height: surface.pixelHeight)
        try render(frame: index, into: frame)
        return frame.yuv.packedBytes()
    }
}
