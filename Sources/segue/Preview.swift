import ArgumentParser
import Dispatch
import Foundation
import Pipeline
import Preview
import Scene
import Workers

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live, scrubbable preview of a scene (or a folder of scenes) in the browser.",
        discussion: """
            The page shows the scene's frames with a frame-accurate scrubber, each transition's phases \
            and progress, the trace of the frame under the scrubber and any errors; it updates when \
            the scene file or an image it uses is saved. Pressing and dragging on the frame adds a \
            `pan` (a click adds a `tap`) at the scrubber's time to the scene file. Frames are drawn \
            at @1x unless --scale says otherwise. Listens on 127.0.0.1 unless --host says otherwise.

            A scene that declares variants ('variants:') gets a picker: "as written" or any of its \
            variants, whose frames, timeline and trace the page then shows, played as --variant NAME \
            plays it. --variant NAME starts on that variant; --variant all starts as written, with \
            the picker listing every variant.

            The server answers only requests that name it in Host (127.0.0.1, [::1], localhost or \
            the --host address, with the port), and changes files only for its own page: same \
            origin, JSON, and this run's token from the page (docs/preview.md).
            """)

    @Argument(help: "A scene file, or a folder of scene files to pick from.")
    var path: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 7300

    @Option(help: "The address to listen on (default: loopback only).")
    var host = "127.0.0.1"

    @Option(help: "Pixels per point of the goldens the Snapshots tab checks and records (default: the scale of the scene's existing goldens, else the device's).")
    var snapshotScale: Double?

    @OptionGroup var overrides: OverrideOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        try check(snapshotScale, Limits.scale, "--snapshot-scale")
    }

    func run() throws {
        try CommandErrors.report {
            var settings = overrides.settings
            settings.scale = settings.scale ?? 1
            let server = try PreviewServer(path: path, options: PreviewOptions(host: host, port: port, settings: settings,
                                                                                  snapshotScale: snapshotScale))
            Self.exitOnSignals { server.removeTemporaryFiles() }
            let failure = LockedValueBox<Error?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await server.run { url in
                        FileHandle.standardOutput.write(Data("Serving \(url) (Ctrl-C stops)\n".utf8))
                    }
                } catch {
                    failure.withLockedValue { $0 = error }
                }
                done.signal()
            }
            done.wait()
            if let error = failure.withLockedValue({ $0 }) {
                if "\(error)".contains("Address already in use") {
                    throw ValidationError("\(host):\(port) is in use: pick another --port, or --port 0 for any free one")
                }
                throw error
            }
        }
    }

    /// Ends the process on Ctrl-C (exit 130) or SIGTERM (143): a preview has nothing to finish.
    private static func exitOnSignals(_ cleanUp: @escaping @Sendable () -> Void) {
        for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                cleanUp()
                Foundation.exit(status)
            }
            source.resume()
            SignalSources.keep(source)
        }
    }
}

/// Signal sources stay alive for the life of the process.
private enum SignalSources {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    static func keep(_ source: any DispatchSourceSignal) { sources.append(source) }
}
