import ArgumentParser
import Foundation
import Memory

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "Render iOS view-controller transitions to video from a scene file.",
        discussion: """
            A scene file (YAML or JSON) describes screens, the transitions between them and a \
            timeline of actions and finger traces. Segue replays it the way UIKit would — gesture \
            recognizers, percent-driven and interruptible animators, springs — and writes the video.
            """,
        version: SegueVersion.current,
        subcommands: [Render.self, Still.self, Inspect.self, Trace.self, Validate.self, Snapshot.self, Report.self, Sheet.self, Plot.self, Schema.self, Batch.self,
                      Preview.self, ExportPage.self, BatchWorker.self])

    static func main() {
        SignalExit.install()
        HeapArenas.limit(cores: ProcessInfo.processInfo.activeProcessorCount)
        main(Snapshot.normalize(Array(CommandLine.arguments.dropFirst())))
    }
}

enum SegueVersion {
    static let current = "0.1.0"
}
