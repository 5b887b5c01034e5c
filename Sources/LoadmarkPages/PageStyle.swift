import LoadmarkCore

/// The style sheet of a player page.
enum PageStyle {
  /// The default accent of the page's controls: iOS system blue.
  static let defaultAccent = "#0a84ff"

  /// The side of a player on a gallery tile, in CSS pixels: the player fits
  /// its document into it.
  static let tilePlayerSide = 128

  /// The sheet, with `accent` (validated, written in its canonical `#rrggbb`
  /// or `#rrggbbaa` form) as the colour of the page's controls, and for each
  /// entry of `playerSizes` a rule sizing the players of section
  /// `.lm-doc-<n>` (from 1). Players without such a rule fill a tile.
  static func css(accent: Color?, playerSizes: [(width: Double, height: Double)]) -> String {
    let sizeRules = playerSizes.enumerated().map { index, size in
      ".lm-doc-\(index + 1) .lm-tile loadmark-player { width: \(NumberText.exact(size.width))px; "
        + "height: \(NumberText.exact(size.height))px; }\n"
    }
    return """
    :root {
      --lm-accent: \(accent?.hex ?? defaultAccent);
      color-scheme: light;
      color: #1d1d1f;
      background: #f5f5f7;
      font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    }
    body { margin: 0; }
    header, main, footer { max-width: 1120px; margin: 0 auto; padding: 24px; }
    main { padding-top: 0; }
    h1 { margin: 0 0 6px; font-size: 28px; }
    h2 { margin: 28px 0 2px; font-size: 20px; }
    h3 { margin: 0; font-size: 16px; }
    p { margin: 0 0 12px; }
    .lm-intro { max-width: 72ch; }
    .lm-caption, .lm-meta { color: #6e6e73; }
    .lm-meta { margin: 2px 0 10px; font-size: 13px; }
    .lm-theme { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
    .lm-theme label, .lm-controls label { display: flex; gap: 6px; align-items: center; }
    .lm-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 460px), 1fr)); gap: 16px; }
    .lm-card {
      display: grid; grid-template-columns: minmax(160px, max-content) minmax(0, 1fr); gap: 16px;
      padding: 16px; border-radius: 14px; background: #fff; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1);
    }
    .lm-tile {
      display: grid; place-items: center; min-height: 160px; overflow: hidden;
      border: 1px solid #e5e5ea; border-radius: 10px; background: #fff;
    }
    .lm-tile-dark { border-color: #000; background: #000; }
    .lm-tile loadmark-player { width: \(tilePlayerSide)px; height: \(tilePlayerSide)px; }
    loadmark-player:not(:defined):not([hidden]), loadmark-status:not(:defined):not([hidden]) { display: inline-block; }
    .\(Poster.stillClass) { display: block; width: 100%; height: 100%; }
    .\(Poster.lastClass) { display: none; }
    @media (prefers-reduced-motion: reduce) { .\(Poster.firstClass) { display: none; } .\(Poster.lastClass) { display: block; } }
    .lm-controls { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; font-size: 14px; }
    .lm-controls input[type=range] { width: 140px; }
    input, select, button { font: inherit; accent-color: var(--lm-accent); }
    button {
      min-width: 72px; padding: 4px 12px; border: 1px solid var(--lm-accent); border-radius: 8px;
      color: var(--lm-accent); background: #fff; cursor: pointer;
    }
    .lm-downloads { margin: 10px 0 0; font-size: 13px; color: #6e6e73; }
    .lm-downloads a { margin-left: 6px; }
    .lm-json { margin-top: 12px; font-size: 13px; }
    .lm-json summary { cursor: pointer; color: #6e6e73; }
    .lm-json pre {
      max-height: 220px; margin: 8px 0 0; padding: 8px; overflow: auto; border-radius: 6px;
      background: #f5f5f7; font: 11px/1.4 ui-monospace, Menlo, Consolas, monospace;
      white-space: pre-wrap; overflow-wrap: anywhere;
    }
    footer { color: #6e6e73; font-size: 13px; }
    .lm-files { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; list-style: none; }
    a { color: var(--lm-accent); }
    @media (max-width: 520px) { .lm-card { grid-template-columns: 1fr; } }
    .lm-host { padding: 16px; margin-top: 16px; border-radius: 14px; background: #fff; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
    .lm-host h2 { margin-top: 0; }
    .lm-host-heading { margin-top: 40px; font-size: 24px; }
    .lm-host-row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
    .lm-host-box { position: relative; width: 280px; height: 180px; padding: 12px; border: 1px solid #e5e5ea; border-radius: 10px; }
    .lm-host-options { flex: 1; max-width: 520px; }
    .lm-host-options input[type=number] { width: 6em; }
    .lm-host-buttons { display: flex; flex-wrap: wrap; gap: 8px; }
    .lm-host-list { width: 300px; height: 260px; overflow: auto; border: 1px solid #e5e5ea; border-radius: 10px; }
    .lm-host-list ul { margin: 0; padding: 0; list-style: none; }
    .lm-host-list li { padding: 10px 12px; border-bottom: 1px solid #f0f0f2; }
    .lm-host-note { margin: 8px 0 0; color: #6e6e73; }
    .lm-host .lm-tile { width: 160px; }
    .lm-host loadmark-status { width: 128px; height: 128px; }

    """ + sizeRules.joined()
  }
}
