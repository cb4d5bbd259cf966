import ArgumentParser
import Export
import Foundation
import Pipeline
import Raster
import Stills

struct ExportPage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write one self-contained HTML page whose transitions the viewer's own finger drives (at most @2x unless --scale).",
        discussion: """
            The page shows the scene's first screen; a mouse or a finger drives each interactive \
            transition its styles allow from there, and taps on rows, cells, tabs and bar items the \
            scene binds to transitions play them. Everything it shows and every rule it applies — \
            progress, the decision on release, the completion's motion — is Segue's, computed now \
            and embedded as data (docs/export.md). It needs no network and no server: open it from \
            disk or attach it to an email.
            """)

    @OptionGroup var options: SceneOptions

    @Option(name: .shortAndLong, help: "The HTML file to write.")
    var output: String

    @Option(help: "Pictures along each interactive transition (the page interpolates between them).")
    var samples: Int = 48

    @Flag(help: "Let the page carry images and fonts from outside the scene file's folder (an absolute path elsewhere, '../'); without it each is an error naming the file.")
    var allowOutsideFiles = false

    func validate() throws {
        guard (4...240).contains(samples) else { throw ValidationError("--samples must be from 4 to 240, found \(samples)") }
    }

    func run() throws {
        TextMeasurer.prepareInBackground()
        try CommandErrors.report {
            let all = options.settings.variant == SceneFile.allVariants
            try SceneFile.forEachRun(of: options.scene, settings: options.settings) { settings in
                var scene = try SceneFile.load(options.scene, settings: settings)
                // Without --scale, at most @2x: what a laptop's screen shows pixel for pixel, a
                // third smaller a file, and drawn in time where @3x is not (docs/export.md).
                if options.scale == nil { scene.device.scale = min(scene.device.scale, PageExportOptions.defaultLargestScale) }
                var exportOptions = PageExportOptions()
                exportOptions.samples = samples
                exportOptions.allowsOutsideFiles = allowOutsideFiles
                let destination = SceneFile.output(URL(fileURLWithPath: output), variant: all ? settings.variant : nil)
                let summary = try PageExport.export(scene, to: destination, options: exportOptions)
                let kb = (Double(summary.bytes) / 1024).rounded()
                print("\(destination.path): \(Int(kb)) KB — \(summary.states) screens at rest, \(summary.transitions) transitions (\(summary.gestures) driven by a finger), \(summary.images) images")
            }
        }
    }
}
