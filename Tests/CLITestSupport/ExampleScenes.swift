import Foundation

/// The example scenes the suites replay, from one list: `scenes/` (one per style and feature),
/// `scenes/custom/` (the built-in styles re-declared as custom transitions, and custom styles of
/// their own) and `scenes/apps/` (app flows modelled on Apple's apps, where features meet).
public enum ExampleScenes {
    /// The package's root folder.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each example folder, relative to the repository, with the prefix its scenes' names take where
    /// names from all folders share one namespace (trace goldens): `custom-` and `apps-` keep a custom
    /// twin or an app flow from colliding with the built-in scene of the same name.
    public static let folders: [(path: String, prefix: String)] = [("scenes", ""), ("scenes/custom", "custom-"), ("scenes/apps", "apps-")]

    /// Every example scene file, in path order, with its name in the shared namespace;
    /// `appFlows: false` leaves out `scenes/apps/` (long flows, for suites that draw every frame
    /// at the device's scale several times over and test drawing rather than features meeting).
    public static func all(appFlows: Bool = true) throws -> [(file: URL, name: String)] {
        try folders.filter { appFlows || $0.path != "scenes/apps" }.flatMap { folder, prefix in
            try FileManager.default.contentsOfDirectory(at: repository.appendingPathComponent(folder), includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
                .map { ($0, prefix + $0.deletingPathExtension().lastPathComponent) }
        }
    }

    /// Every example scene file, in path order.
    public static func files(appFlows: Bool = true) throws -> [URL] {
        try all(appFlows: appFlows).map(\.file)
    }
}
