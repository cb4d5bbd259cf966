extension ExportPage {
    /// The page's style sheet: the phone centred, its controls beside it.
    static let style = #"""
    :root { color-scheme: light; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6; --panel: #f2f2f7; --blue: #007aff; }
    * { box-sizing: border-box; }
    html, body { margin: 0; }
    body { font: 14px/1.4 -apple-system, system-ui, "Segoe UI", sans-serif; color: var(--ink); background: #fafafa; }
    main { max-width: 1100px; margin: 0 auto; padding: 16px; }
    header { text-align: center; margin-bottom: 12px; }
    h1 { font-size: 18px; margin: 0; }
    #scene { margin: 2px 0 0; color: var(--muted); font-size: 12px; }
    #stage { display: flex; gap: 24px; justify-content: center; align-items: flex-start; flex-wrap: wrap; }
    /* The rounded corners are the wrapper's: the canvas keeps its size, one canvas pixel per
       scale-th of a CSS pixel. */
    #phone { flex: none; border-radius: 40px; overflow: hidden; line-height: 0; background: #000;
             box-shadow: 0 0 0 10px #1c1c1e, 0 12px 40px rgba(0, 0, 0, .25); margin: 10px; }
    #screen { display: block; touch-action: none; user-select: none; -webkit-user-select: none; cursor: grab;
              border: 0; padding: 0; }
    #screen:active { cursor: grabbing; }
    #side { width: 280px; display: flex; flex-direction: column; gap: 10px; padding-top: 10px; }
    #hint { margin: 0; color: var(--muted); }
    #buttons { display: flex; flex-wrap: wrap; gap: 6px; }
    #buttons:empty { display: none; }
    button { font: inherit; border: 1px solid var(--line); background: #fff; border-radius: 8px; padding: 5px 12px; cursor: pointer; }
    button:hover:not(:disabled) { border-color: var(--blue); color: var(--blue); }
    button:disabled { opacity: .5; cursor: default; }
    #copy { align-self: flex-start; }
    #pan { margin: 0; padding: 8px; background: var(--panel); border-radius: 6px; font-size: 11px; white-space: pre-wrap;
           word-break: break-all; max-height: 40vh; overflow: auto; }
    #pan:empty { display: none; }
    """#
}
