import Pipeline
import Stills

/// How `segue preview` serves.
public struct PreviewOptions: Sendable {
    /// The address to listen on; loopback unless the user says otherwise.
    public var host: String
    /// The port; 0 picks a free one.
    public var port: Int
    /// Applied to every scene shown (the page draws at @1x unless told otherwise).
    public var settings: RenderSettings
    /// The scale snapshots are checked and recorded at; nil: that of the scene's goldens.
    public var snapshotScale: Double?
    /// How often the files scenes use are checked for changes: a save waits half of it on
    /// average before its reload starts (a check is a few `stat` calls).
    public var pollInterval: Duration

    public init(host: String = "127.0.0.1", port: Int = 7300, settings: RenderSettings = RenderSettings(scale: 1),
                snapshotScale: Double? = nil, pollInterval: Duration = .milliseconds(50)) {
        self.host = host
        self.port = port
        self.settings = settings
        self.snapshotScale = snapshotScale
        self.pollInterval = pollInterval
    }
}
