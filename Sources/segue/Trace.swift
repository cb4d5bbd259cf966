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
            let all = options.settings.variant == SceneFile.allVariants
            try SceneFile.forEachRun(of: options.scene, settings: options.settings) { settings in
                let scene = try SceneFile.load(options.scene, settings: settings)
                var text = ""
                // Every variant to the standard output: each trace after a line naming its variant.
                if all, output == nil, let variant = settings.variant { print(#"{"variant":"\#(variant)"}"#) }
                try TraceWriter.write(scene) { line in
                    if output == nil { print(line) } else { text += line + "\n" }
                }
                if let output {
                    try AtomicFile.write(text, to: SceneFile.output(URL(fileURLWithPath: output), variant: all ? settings.variant : nil))
                }
            }
        }
    }
}
