/// The preview page: plain HTML, CSS and JavaScript compiled into the binary, so it works
/// offline with nothing to install or fetch. The script is in `PreviewPage+Script.swift`, the
/// style sheet in `PreviewPage+Style.swift`.
enum PreviewPage {
    /// The page, carrying this run's token (`RequestGuard`): the script sends it back with every
    /// request that changes something.
    static func html(token: String) -> String { template.replacingOccurrences(of: "{{token}}", with: token) }

    private static let template = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="segue-token" content="{{token}}">
    <title>Segue preview</title>
    <link rel="stylesheet" href="/app.css">
    </head>
    <body>
    <header>
      <h1>Segue preview</h1>
      <select id="scene-picker" aria-label="Scene"></select>
      <select id="variant-picker" aria-label="Variant" title="Play the scene as one of the variants it declares" hidden></select>
      <span id="scene-name"></span>
      <span id="status" role="status"></span>
    </header>
    <main>
      <section id="viewer">
        <ul id="errors" hidden></ul>
        <div id="stage">
          <img id="frame" alt="frame" draggable="false">
          <canvas id="ink"></canvas>
        </div>
        <div id="controls">
          <button id="play" type="button" title="Play / pause (space)">▶</button>
          <button id="step-back" type="button" title="Previous frame (←)">◀︎|</button>
          <button id="step-forward" type="button" title="Next frame (→)">|▶︎</button>
          <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="Frame">
          <span id="position"></span>
        </div>
        <canvas id="plot" aria-label="Progress of each transition over time"></canvas>
        <div id="legend">
          <span class="swatch interactive"></span> finger down
          <span class="swatch animating"></span> animating
          <span class="swatch finish"></span> finish
          <span class="swatch cancel"></span> cancel
          <span class="swatch playhead"></span> this frame
        </div>
        <p id="editing">
          <label title="Press and drag on the frame to draw a pan, click to tap: it is written into the scene file at the scrubber's time"><input id="draw" type="checkbox"> draw gestures on the frame (writes them into the scene file)</label>
          <button id="undo" type="button" disabled title="Put the scene file back as it was before the page's last edit (Ctrl+Z)">Undo edit</button>
        </p>
        <p id="edit-result"></p>
      </section>
      <aside>
        <nav>
          <button type="button" id="tab-trace" class="tab selected">Trace</button>
          <button type="button" id="tab-snapshots" class="tab">Snapshots</button>
        </nav>
        <pre id="trace"></pre>
        <div id="snapshots" hidden>
          <p><button type="button" id="check-snapshots">Check snapshots</button> <span id="snapshot-summary"></span></p>
          <div id="snapshot-list"></div>
        </div>
      </aside>
    </main>
    <script src="/app.js"></script>
    </body>
    </html>
    """#
}
