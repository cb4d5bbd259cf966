import ArgumentParser
import Foundation
import Pipeline
import Stills

struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the evaluated timeline as JSON Lines, one object per video frame.",
        discussion: """
            Each line: {"frame", "time", "transition", "phase" (idle|interactive|animating), \
            "progress" (0 = from-state, 1 = to-state, null when idle), "touches" [[x, y]], \
            "layers" back to front with "id", "frame" [x, y, width, height] in points, "alpha", \
            "cornerRadius", where a shadow is cast "shadowOpacity", and on a scroll view the \
            scene scrolls its "contentOffset" [x, y]}.
            """)

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        try CommandErrors.report {
            let scene = try SceneFile.load(options.scene, settings: options.settings)
            var text = ""
            try TraceWriter.write(scene) { line in
                if output == nil { print(line) } else { text += line + "\n" }
            }
            if let output {
                try AtomicFile.write(text, to: URL(fileURLWithPath: output))
            }
        }
    }
}
