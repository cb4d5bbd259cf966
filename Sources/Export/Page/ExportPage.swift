import Stills

/// The page `segue export` writes: one self-contained HTML file (no network: the script, the
/// style and every picture are inside it) whose embedded data, computed by Segue's engine, lets
/// a mouse or a finger drive the scene's transitions (docs/export.md). The script is in
/// `ExportPage+Script.swift`, the style sheet in `ExportPage+Style.swift`.
enum ExportPage {
    /// The page for `data`, the JSON of docs/export.md's "The data", already safe inside a
    /// `<script>` element (`HTMLText.scriptData`: no `<` in it); `title` is plain text.
    static func html(title: String, data: String) -> String {
        head + HTMLText.escaped(title) + afterTitle + style + afterStyle + HTMLText.escaped(title) + afterHeading + data + afterData + script + tail
    }

    // The page in pieces, joined around the title, the style, the data and the script (no
    // placeholders, so nothing in the title or the data can be taken for one).
    private static let head = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
    <title>
    """#

    private static let afterTitle = #"""
    </title>
    <style>

    """#

    private static let afterStyle = #"""
    </style>
    </head>
    <body>
    <main>
      <header>
        <h1 id="title">
    """#

    private static let afterHeading = #"""
    </h1>
        <p id="scene"></p>
      </header>
      <div id="stage">
        <div id="phone"><canvas id="screen" aria-label="The scene's screen: drag or tap it"></canvas></div>
        <aside id="side">
          <p id="hint"></p>
          <div id="buttons"></div>
          <button type="button" id="copy" title="The last gesture as a Segue timeline entry">Copy as pan:</button>
          <pre id="pan"></pre>
        </aside>
      </div>
    </main>
    <script type="application/json" id="segue-data">
    """#

    private static let afterData = #"""
    </script>
    <script>

    """#

    private static let tail = #"""
    </script>
    </body>
    </html>

    """#
}
