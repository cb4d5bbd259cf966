import CLITestSupport
import Foundation
import Stills
import Workers
import XCTest
@testable import Pipeline

/// The bytes of a render depend on the scene only: not on the number of worker threads, the
/// frames in flight, the order frames are composited in, or whether repeated frames are reused.
final class DeterminismTests: XCTestCase {
    /// 201 × 401 pt at @1x (odd both ways, so padded to 202 × 402), touches on: a sheet slides
    /// up over a dimming layer, idles, then a finger drags it down and lets go.
    let scene = """
        size: [201, 401]
        scale: 1
        fps: 30
        tail: 0.2
        screens:
          list:
            background: "#F2F2F7"
            content:
              - label: { text: Inbox, size: 28, weight: bold, frame: [12, 40, 180, 34] }
              - rect: { frame: [12, 90, 177, 48], fill: "#FFFFFF", cornerRadius: 10 }
          sheet:
            background: "#0A84FF"
            content:
              - label: { text: "Compose", frame: [12, 12, 177, 22], color: "#FFFFFF" }
        transitions:
          - { from: list, to: sheet, style: slide-up-modal }
        timeline:
          - { at: 0.1, present: sheet }
          - at: 1.0
            pan: [[0, 100, 100], [0.05, 100, 115], [0.1, 100, 140], [0.15, 100, 165], [0.2, 100, 190],
                  [0.25, 100, 215], [0.3, 100, 240], [0.35, 100, 240], [0.4, 100, 240]]
        """

    private func sceneFile(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("drag.yaml")
        try scene.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    private func render(_ sceneURL: URL, to video: URL, _ extra: [String]) throws -> Data {
        let result = try CLI.segue(["render", sceneURL.path, "-o", video.path] + extra)
        XCTAssertEqual(result.status, 0, "\(extra): \(result.stderr)")
        return try Data(contentsOf: video)
    }

    func testVideoBytesDoNotDependOnThreads() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let reference = try render(sceneURL, to: folder.appendingPathComponent("t1.mp4"), ["--threads", "1"])
        XCTAssertGreaterThan(reference.count, 1000)
        for extra in [["--threads", "2"], ["--threads", "4"], ["--threads", "3", "--frames-in-flight", "1"],
                      ["--threads", "2", "--converter-threads", "2"], ["--threads", "4", "--composite-every-frame"]] {
            let video = folder.appendingPathComponent("\(extra.joined()).mp4")
            XCTAssertEqual(try render(sceneURL, to: video, extra), reference, "\(extra) gave other bytes than --threads 1")
        }
        // The odd device size was padded to even, not scaled.
        let probe = try CLI.tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                             "-of", "csv=p=0", folder.appendingPathComponent("t1.mp4").path])
        XCTAssertEqual(probe.text.trimmingCharacters(in: .whitespacesAndNewlines), "202,402")
    }

    /// Every frame composited alone, in a shuffled order on a fresh worker, is the picture the
    /// parallel render encoded for that index (reused repeats included).
    func testFramesRenderedOutOfOrderMatchTheEncodedFrames() throws {
        let folder = try CLI.temporaryFolder(self)
        let sceneURL = try sceneFile(in: folder)
        let raw = folder.appendingPathComponent("frames.yuv")
        _ = try render(sceneURL, to: folder.appendingPathComponent("video.mp4"), ["--threads", "3", "--dump-frames", raw.path])
        let encoded = try Data(contentsOf: raw)

        let loaded = try SceneFile.load(sceneURL.path)
        let worker = try FrameWorker(scene: loaded)
        let frameBytes = 202 * 402 + 2 * 101 * 201
        let frameCount = worker.session.timeline.frameCount
        XCTAssertEqual(encoded.count, frameCount * frameBytes, "one packed yuv420p frame per video frame")
        XCTAssertGreaterThan(FramePlan(timeline: worker.session.timeline).reusedFrameCount, 10, "the scene has repeated frames")

        var generator = SplitMix64(seed: 42)
        let order = Array(0..<frameCount).shuffled(using: &generator)
        XCTAssertNotEqual(order, Array(0..<frameCount))
        for index in order {
            let alone = try worker.packedFrame(index)
            let offset = index * frameBytes
            XCTAssertTrue(alone.elementsEqual(encoded[offset..<offset + frameBytes]), "frame \(index) differs")
        }
    }

    /// A ring buffer holds whatever frame the last worker to fill it left there, and each worker's
    /// canvas another: filled by two workers in turn — three buffers in rotation through the
    /// clip, then one buffer in a shuffled order — a buffer always comes out as the frame
    /// converted whole, though only the rows its earlier frame does not share are converted.
    func testABufferFilledByWorkersInTurnHoldsEachFrameAsAFreshOne() throws {
        let folder = try CLI.temporaryFolder(self)
        let session = try RenderSession(scene: try SceneFile.load(try sceneFile(in: folder).path))
        let workers = try [FrameWorker(session: session), FrameWorker(session: session)]
        let fresh = try FrameWorker(session: session)
        let geometry = session.geometry
        let buffers = (0..<3).map { _ in ConvertedFrame(width: geometry.width, height: geometry.height) }
        let count = session.timeline.frameCount
        var generator = SplitMix64(seed: 27)
        let visits = (0..<count).map { ($0, $0 % 3) } + (0..<count).shuffled(using: &generator).map { ($0, 0) }
        var convertedInRotation = 0
        for (step, (index, slot)) in visits.enumerated() {
            try workers[step % 2].render(frame: index, into: buffers[slot])
            XCTAssertTrue(buffers[slot].yuv.packedBytes() == (try fresh.packedFrame(index)),
                          "frame \(index), visit \(step), filled over what the buffer and the canvas held, differs")
            if step == count - 1 { convertedInRotation = workers.map(\.convertedRows).reduce(0, +) }
        }
        // The check means something only if buffers were brought up to date in part, not converted whole.
        // (The scene moves a lot for its size: a sheet slides over a fading dim layer, then is dragged.)
        XCTAssertLessThan(convertedInRotation, count * geometry.height * 9 / 10, "rows kept from the buffer's frame")
        XCTAssertGreaterThan(convertedInRotation, geometry.height * 4, "rows converted over earlier frames")
    }

    /// The size, frame rate and gestures of the two scroll scenes below: 201 × 701 pt at @1x
    /// (padded to 202 × 702), flicked up and back, so every frame scrolls and buffers move rows
    /// (`RowMove`).
    static let scrollHead = """
        size: [201, 701]
        scale: 1
        fps: 30
        duration: 1.7
        timeline:
          - at: 0.1
            swipe: { direction: up, distance: 120, velocity: 1400, from: [100, 500] }
            expect: scroll
          - at: 0.9
            swipe: { direction: down, distance: 90, velocity: 1100, from: [100, 120] }
            expect: scroll

        """

    /// A list under a blurred navigation bar and tab bar.
    let scrollScene = scrollHead + """
        screens:
          feed:
            background: systemBackground
            navigationBar: { title: Feed }
            content:
              - list:
                  id: rows
                  rows: [Alpha, Bravo, Charlie, Delta, Echo, Foxtrot, Golf, Hotel, India, Juliett, Kilo, Lima, Mike,
                         November, Oscar, Papa, Quebec, Romeo, Sierra, Tango, Uniform, Victor, Whiskey, X-ray, Yankee, Zulu]
        tabs:
          items:
            - { title: Feed, icon: house.fill, root: feed }
        """

    /// A photo grid with gaps over a screen that is not one color behind them (an orange band
    /// the gaps show), under the navigation bar: rows whose gaps show the band differ from the
    /// rows above and below, so those must not move.
    var gridScene: String {
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/images")
        let cells = ["coast", "snow", "lake", "forest", "dusk", "dunes"].map { images.appendingPathComponent("\($0).png").path }
        return Self.scrollHead + """
            screens:
              photos:
                background: systemBackground
                navigationBar: { title: Photos }
                content:
                  - rect: { frame: [0, 150, 201, 60], fill: "#FF9500" }
                  - grid:
                      id: photos
                      columns: 3
                      spacing: 6
                      cells: [\((0..<36).map { "\"\(cells[$0 % cells.count])\"" }.joined(separator: ", "))]
            """
    }

    /// Buffers brought up to date over frames of a scroll — two workers in turn, rings of three
    /// and eight buffers (so each buffer's frame is three or eight composited frames back: moves
    /// by odd and even rows, long and short), then one buffer in a shuffled order (moves up and
    /// down, most of them too far) — come out as the frames converted whole, and rows did move.
    func testAScrollMovedInTheBuffersGivesTheFramesConvertedWhole() throws {
        let folder = try CLI.temporaryFolder(self)
        for (name, text) in [("list", scrollScene), ("grid", gridScene)] {
            let url = folder.appendingPathComponent("\(name).yaml")
            try text.write(to: url, atomically: false, encoding: .utf8)
            let session = try RenderSession(scene: try SceneFile.load(url.path))
            let fresh = try FrameWorker(session: session)
            let geometry = session.geometry
            let count = session.timeline.frameCount
            var generator = SplitMix64(seed: 61)
            for slots in [3, 8, 1] {
                let workers = try [FrameWorker(session: session), FrameWorker(session: session)]
                let buffers = (0..<slots).map { _ in ConvertedFrame(width: geometry.width, height: geometry.height) }
                let order = slots == 1 ? Array(0..<count).shuffled(using: &generator) : Array(0..<count)
                for (step, index) in order.enumerated() {
                    let buffer = buffers[step % slots]
                    try workers[step % 2].render(frame: index, into: buffer)
                    XCTAssertTrue(buffer.yuv.packedBytes() == (try fresh.packedFrame(index)),
                                  "\(name), \(slots) buffers: frame \(index), visit \(step), moved and converted over an earlier frame, differs")
                }
                let moved = workers.map(\.movedRows).reduce(0, +), converted = workers.map(\.convertedRows).reduce(0, +)
                XCTAssertGreaterThan(moved, count * geometry.height / (slots == 1 ? 50 : 4), "\(name), \(slots) buffers: rows moved")
                XCTAssertLessThan(converted, count * geometry.height * 9 / 10, "\(name), \(slots) buffers: rows converted")
            }
        }
    }

    /// Threads that need a fresh scroll view's rows at the same time draw its bands side by side
    /// (`ScreenImage.drawRows`: each draws a band no other has begun, then waits for the rest),
    /// the list's labels and the grid's images alike: every frame comes out as one thread drawing
    /// the bands in turn made it.
    func testBandsDrawnByThreadsAtOnceGiveTheFramesOfOneThread() throws {
        let folder = try CLI.temporaryFolder(self)
        for (name, text) in [("list", scrollScene), ("grid", gridScene)] {
            let url = folder.appendingPathComponent("\(name).yaml")
            try text.write(to: url, atomically: false, encoding: .utf8)
            let scene = try SceneFile.load(url.path)
            let serial = try FrameWorker(session: try RenderSession(scene: scene))
            let count = serial.session.timeline.frameCount
            let expected = try (0..<count).map { try serial.packedFrame($0) }
            for round in 0..<2 {
                // A fresh cache each round, so no band is drawn before the threads start together.
                let session = try RenderSession(scene: scene)
                let threads = 4
                let differing = LockedValueBox<[String]>([])
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    guard let worker = try? FrameWorker(session: session) else {
                        return differing.withLockedValue { $0.append("no worker on thread \(thread)") }
                    }
                    var generator = SplitMix64(seed: UInt64(100 * round + thread))
                    for index in (0..<count).shuffled(using: &generator) {
                        let same = (try? worker.packedFrame(index)) == expected[index]
                        if !same { differing.withLockedValue { $0.append("frame \(index) on thread \(thread)") } }
                    }
                }
                XCTAssertEqual(differing.withLockedValue { $0 }, [], "\(name), round \(round)")
            }
        }
    }

    /// The ring hands every item to the consumer in order, with at most `capacity` buffers made
    /// and none refilled before the consumer released it, whatever the workers' timing; a
    /// worker's error reaches the consumer and stops everyone.
    func testFrameRingDeliversInOrderAndStopsOnError() throws {
        for (workers, capacity) in [(1, 1), (3, 1), (2, 4), (4, 3)] {
            let made = LockedValueBox(0)
            let ring = FrameRing(frames: Array(0..<200), capacity: capacity, pool: WorkerPool(threads: workers, name: "test-ring"),
                                 makeBuffer: {
                                     made.withLockedValue { $0 += 1 }
                                     return Slot()
                                 },
                                 makeWorker: { () }, fill: { _, item, slot in
                                     slot.value = item
                                     if item % 7 == 0 { usleep(UInt32(item % 3) * 100) }
                                 })
            for item in 0..<200 {
                XCTAssertEqual(try ring.take(item).value, item)
                ring.release(item)
            }
            ring.stop()
            XCTAssertLessThanOrEqual(made.withLockedValue { $0 }, capacity)
        }

        let ring = FrameRing(frames: Array(0..<1000), capacity: 2, pool: WorkerPool(threads: 2, name: "test-ring"),
                             makeBuffer: { Slot() }, makeWorker: { () }, fill: { _, item, slot in
                                 if item == 5 { throw PipelineError.missingScreen("test") }
                                 slot.value = item
                             })
        XCTAssertThrowsError(try (0..<1000).forEach { item in
            _ = try ring.take(item)
            ring.release(item)
        }) { error in
            XCTAssertEqual("\(error)", "\(PipelineError.missingScreen("test"))")
        }
        ring.stop()
    }

    private final class Slot: @unchecked Sendable {
        var value = -1
    }
}
