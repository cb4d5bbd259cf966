extension PreviewPage {
    static let style = #"""
    :root { color-scheme: light; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6; --panel: #f2f2f7;
            --blue: #007aff; --green: #34c759; --red: #ff3b30; --gray: #8e8e93; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 -apple-system, "Inter", system-ui, sans-serif; color: var(--ink); background: #fff; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); }
    h1 { font-size: 16px; margin: 0; }
    #status { color: var(--muted); margin-left: auto; }
    main { display: grid; grid-template-columns: minmax(420px, 1fr) minmax(320px, 420px); gap: 16px; padding: 12px 16px; }
    #viewer { min-width: 0; }
    #stage { position: relative; display: inline-block; touch-action: none; cursor: crosshair; background: #e5e5ea;
             border-radius: 12px; overflow: hidden; line-height: 0; }
    #stage.disabled { cursor: default; }
    #frame { height: clamp(360px, calc(100vh - 300px), 1200px); width: auto; user-select: none; display: block; }
    #ink { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
    #controls { display: flex; gap: 8px; align-items: center; margin: 8px 0; }
    #controls button { min-width: 40px; }
    #scrubber { flex: 1; }
    #position { font-variant-numeric: tabular-nums; color: var(--muted); min-width: 170px; text-align: right; }
    #plot { width: 100%; height: 150px; display: block; border: 1px solid var(--line); border-radius: 6px; cursor: pointer; }
    #legend { color: var(--muted); font-size: 12px; margin-top: 4px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
    #legend label { margin-left: auto; color: var(--ink); }
    .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; }
    .swatch.interactive { background: rgba(0, 122, 255, .25); } .swatch.animating { background: rgba(142, 142, 147, .3); }
    .swatch.finish { background: var(--green); } .swatch.cancel { background: var(--red); } .swatch.playhead { background: #1c1c1e; }
    #stage.drawing { outline: 3px solid var(--blue); outline-offset: 2px; }
    #errors { list-style: none; margin: 0 0 8px; padding: 8px 12px; background: #fff2f1; border: 1px solid var(--red);
              border-radius: 6px; color: #a1140b; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
    #errors li + li { margin-top: 4px; }
    #edit-result { font-family: ui-monospace, Menlo, monospace; font-size: 12px; white-space: pre-wrap; }
    #edit-result.failed { color: #a1140b; }
    aside { min-width: 0; }
    nav { display: flex; gap: 4px; margin-bottom: 6px; }
    .tab { border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 4px 10px; }
    .tab.selected { background: var(--ink); color: #fff; }
    #trace { margin: 0; padding: 8px; background: var(--panel); border-radius: 6px; font-size: 11px; max-height: 82vh;
             overflow: auto; white-space: pre-wrap; }
    .snapshot { border: 1px solid var(--line); border-radius: 6px; padding: 6px; margin-bottom: 8px; }
    .snapshot h3 { font-size: 13px; margin: 0 0 4px; display: flex; gap: 8px; align-items: center; }
    .snapshot .status { font-size: 11px; padding: 1px 6px; border-radius: 8px; background: var(--panel); }
    .snapshot .status.failed, .snapshot .status.missing, .snapshot .status.error, .snapshot .status.orphaned { background: #ffe1de; color: #a1140b; }
    .snapshot .status.passed, .snapshot .status.recorded, .snapshot .status.unchanged { background: #dff6e4; color: #1d6b31; }
    .snapshot .images { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; font-size: 11px; color: var(--muted); }
    .snapshot .images img { width: 100%; display: block; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 12px 12px; }
    .snapshot p { margin: 4px 0; font-size: 11px; color: var(--muted); }
    button { font: inherit; }
    """#
}
