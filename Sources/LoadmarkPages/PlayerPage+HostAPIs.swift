import LoadmarkCore

extension PlayerPage {
  /// On a gallery with the presets they need, a section per host API of the
  /// helpers (web/README.md, "Helpers"): the loading overlay with its
  /// options, pull-to-refresh in a scrolling list, one element from loading
  /// to success or error, and progress that finishes itself. Every control is
  /// a native form control or button, so mouse, touch and keyboard all work;
  /// `web/loadmark-gallery.js` wires them (its `[data-lm-…]` attributes).
  var hostSections: [HTML] {
    guard kind == .gallery, let dots = reference("dots"), let success = reference("success"),
      let error = reference("error"), let progress = reference("progress"), let refresh = reference("refresh")
    else { return [] }
    // The players' posters: what they show first, as the cards' do.
    let statusPoster = hostPoster("dots", clip: nil, progress: 0, idPrefix: "lmp-host-status-")
    let uploadPoster = hostPoster("progress", clip: "progress", progress: 0, idPrefix: "lmp-host-upload-")
    let documents: HTML = " data-lm-loading=\"\(dots)\" data-lm-success=\"\(success)\" data-lm-error=\"\(error)\""
    let rows = (1...30).map { n -> HTML in "<li>Message \(n): pulled in with the rest of the feed</li>" }
    let overlay: HTML = """
      <section class="lm-host lm-host-overlay" data-lm-overlay\(documents)>
      <h2>Loading overlay</h2>
      <p class="lm-caption">showLoading and hideLoading (seed 003): the covered content is inert and busy, focus is kept and \
      given back, and a polite live region says "Loading", then the outcome.</p>
      <div class="lm-host-row">
      <div class="lm-host-box" data-lm-overlay-host>
      <p>Search results</p><button type="button">A button the overlay covers</button><p><a href="#top">A link it covers</a></p>
      </div>
      <form class="lm-controls lm-host-options" data-lm-overlay-options>
      <label>Mask <select name="mask"><option value="clear" selected>clear (the seed's)</option><option value="dim">dim</option>\
      <option value="custom">colour</option></select></label>
      <label>Colour <input type="color" name="color" value="#ffffff"></label>
      <label>Status text <input type="text" name="text" value="Searching…" size="12"></label>
      <label>Grace <input type="number" name="grace" value="0" min="0" step="100" size="5"> ms</label>
      <label>Minimum <input type="number" name="minimum" value="500" min="0" step="100" size="5"> ms</label>
      <label>Fade <input type="number" name="fade" value="150" min="0" step="50" size="5"> ms</label>
      <label>Hold <input type="number" name="hold" value="600" min="0" step="100" size="5"> ms</label>
      <div class="lm-host-buttons">
      <button type="button" data-lm-overlay-show>Show</button>
      <button type="button" data-lm-overlay-hide="">Hide</button>
      <button type="button" data-lm-overlay-hide="success">Hide: success</button>
      <button type="button" data-lm-overlay-hide="error">Hide: error</button>
      </div>
      </form>
      </div>
      </section>
      """
    let pull: HTML = """
      <section class="lm-host lm-host-pull" data-lm-pull data-lm-refresh="\(refresh)">
      <h2>Pull to refresh</h2>
      <p class="lm-caption">pullToRefresh (seed 004): drag the list down with a mouse, a finger or a pen, past 60 px to \
      refresh; or Tab into it for its Refresh button.</p>
      <div class="lm-host-row">
      <div class="lm-host-list" data-lm-pull-list><ul>\(HTML(joining: rows, separator: .empty))</ul></div>
      <p class="lm-host-note" data-lm-pull-note aria-live="polite">Not refreshed yet.</p>
      </div>
      </section>
      """
    let status: HTML = """
      <section class="lm-host lm-host-status" data-lm-status-section>
      <h2>Loading, then success or error</h2>
      <p class="lm-caption">&lt;loadmark-status&gt; (seed 000's one view): the loading clip, then success or error in \
      the same place, with a statechange event and complete when the mark is drawn.</p>
      <div class="lm-host-row">
      <div class="lm-tile"><loadmark-status loading="\(dots)" success="\(success)" error="\(error)" \
      data-lm-status>\(statusPoster)</loadmark-status></div>
      <div class="lm-controls">
      <button type="button" data-lm-state="success">Succeed</button>
      <button type="button" data-lm-state="error">Fail</button>
      <button type="button" data-lm-state="loading">Load again</button>
      <p class="lm-host-note" data-lm-status-note aria-live="polite">State: loading</p>
      </div>
      </div>
      </section>
      """
    let upload: HTML = """
      <section class="lm-host lm-host-progress" data-lm-upload>
      <h2>Progress that finishes itself</h2>
      <p class="lm-caption">progress on the progress clip (seed 002): each change eases as Core Animation's implicit \
      animation does, and reaching 1 plays the done sequence by itself.</p>
      <div class="lm-host-row">
      <div class="lm-tile lm-tile-dark"><loadmark-player src="\(progress)" clip="progress" progress="0" \
      label="Upload" data-lm-upload-player>\(uploadPoster)</loadmark-player></div>
      <div class="lm-controls">
      <label>Progress <input type="range" min="0" max="1" step="0.05" value="0" data-lm-upload-slider></label>
      <button type="button" data-lm-upload-run>Simulate an upload</button>
      <p class="lm-host-note" data-lm-upload-note aria-live="polite">Progress 0 %</p>
      </div>
      </div>
      </section>
      """
    return ["<h2 class=\"lm-host-heading\">Host APIs</h2>", overlay, pull, status, upload]
  }

  /// The poster of the page's document of preset `name`: its clip `clip`,
  /// else its first, which a player without a `clip` shows.
  private func hostPoster(_ name: String, clip: String?, progress: Double, idPrefix: String) -> HTML {
    guard let document = documents.first(where: { $0.document.preset == name })?.document,
      let shown = clip == nil ? document.clips.first : document.clips.first(where: { $0.name == clip })
    else { return .empty }
    return "\(Poster(document, clip: shown, progress: progress, idPrefix: idPrefix))"
  }

  /// `#lm-<slug>` of the page's document of preset `name`, if it has one:
  /// where a helper finds it inline.
  private func reference(_ name: String) -> String? {
    documents.first { $0.document.preset == name }.map { "#" + $0.elementID }
  }
}
