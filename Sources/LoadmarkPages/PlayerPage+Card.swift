import LoadmarkCore

extension PlayerPage {
  /// Where a progress clip starts, and its slider with it.
  static let initialProgressValue = 0.5
  /// ``initialProgressValue`` as the page writes it.
  static let initialProgress = NumberText.exact(initialProgressValue)
  /// The playback rates of the speed menu; 1 is selected.
  static let speeds = ["0.25", "0.5", "1", "2"]

  /// One clip's card: the player on its tile, then the clip's facts and
  /// controls. `number` is the clip's place in its document, from 0.
  func card(_ page: PageDocument, _ clip: FrameDocument.Clip, number: Int) -> HTML {
    let tileClass: HTML = page.prefersDarkTile ? "lm-tile lm-tile-dark" : "lm-tile"
    let body = HTML(joining: [
      "<h3>\(clip.name)</h3>",
      "<p class=\"lm-meta\">\(PlayerPage.facts(clip))</p>",
      controlRow(page, clip),
    ])
    return """
      <article class="lm-card">
      <div class="\(tileClass)">\(player(page, clip, number: number))</div>
      <div class="lm-body">
      \(body)
      </div>
      </article>
      """
  }

  /// The `<loadmark-player>` for `clip`, its poster inside: time clips play
  /// at once, looping ones forever; progress clips wait at
  /// ``initialProgress`` for their slider.
  private func player(_ page: PageDocument, _ clip: FrameDocument.Clip, number: Int) -> HTML {
    let source = delivery == .inline ? "#" + page.elementID : page.fileName
    let label = self.label ?? "\(page.name) \(clip.name)"
    let playback: HTML
    switch clip.index {
    case .progress: playback = " progress=\"\(PlayerPage.initialProgress)\""
    case .time: playback = clip.loop ? " autoplay loop" : " autoplay"
    }
    let poster = Poster(
      page.document, clip: clip, progress: PlayerPage.initialProgressValue, idPrefix: "lmp-\(page.slug)-\(number)-")
    return "<loadmark-player src=\"\(source)\" clip=\"\(clip.name)\"\(playback) label=\"\(label)\">\(poster)</loadmark-player>"
  }

  /// The controls under the clip's facts and, on a gallery, the document's
  /// JSON.
  private func controlRow(_ page: PageDocument, _ clip: FrameDocument.Clip) -> HTML {
    let progressSlider: HTML = """
      <label>Progress <input type="range" min="0" max="1" step="0.01" value="\(PlayerPage.initialProgress)" \
      data-lm-progress></label>
      """
    switch (kind, clip.index) {
    case (.page, .progress):
      return "<div class=\"lm-controls\">\(progressSlider)</div>"
    case (.page, .time):
      return .empty
    case (.gallery, .progress):
      return "<div class=\"lm-controls\">\(progressSlider)</div>\n\(downloadLinks(page, clip))\(jsonPanel(page))"
    case (.gallery, .time):
      let options = PlayerPage.speeds.map { speed -> HTML in
        let selected: HTML = speed == "1" ? " selected" : .empty
        return "<option value=\"\(speed)\"\(selected)>\(speed)×</option>"
      }
      return """
        <div class="lm-controls">
        <button type="button" data-lm-play aria-pressed="true">Pause</button>
        <label>Frame <input type="range" min="0" max="\(clip.frameCount - 1)" step="1" value="0" data-lm-frame></label>
        <label>Speed <select data-lm-speed>\(HTML(joining: options, separator: .empty))</select></label>
        </div>
        \(downloadLinks(page, clip))\(jsonPanel(page))
        """
    }
  }

  /// The clip's files in other formats, each a download link; empty when none.
  private func downloadLinks(_ page: PageDocument, _ clip: FrameDocument.Clip) -> HTML {
    guard let links = downloads["\(page.name)/\(clip.name)"], !links.isEmpty else { return .empty }
    let anchors = links.map { link -> HTML in "<a href=\"\(link.file)\" download>\(link.label)</a>" }
    return "<p class=\"lm-downloads\">Download \(HTML(joining: anchors, separator: " "))</p>\n"
  }

  /// The document's JSON text in a panel that opens on demand.
  private func jsonPanel(_ page: PageDocument) -> HTML {
    "<details class=\"lm-json\"><summary>JSON (\(page.fileName))</summary><pre>\(page.json)</pre></details>"
  }

  /// `time · 1.5 s · one-shot · 91 frames`, or `progress · 101 frames`.
  static func facts(_ clip: FrameDocument.Clip) -> String {
    var facts = [clip.index.rawValue]
    if clip.index == .time {
      facts += [NumberText.exact(clip.duration) + " s", clip.loop ? "loop" : "one-shot"]
    }
    facts.append(NumberText.counted(clip.frameCount, "frame"))
    if clip.index == .progress { facts += progressFacts(clip) }
    return facts.joined(separator: " · ")
  }

  /// What a progress clip's host does beyond [0, 1] (format version 2):
  /// `progress 0 to 2, repeating from 1`, `eases over 0.25 s`, `finishes with done`.
  public static func progressFacts(_ clip: FrameDocument.Clip) -> [String] {
    var facts: [String] = []
    if !clip.domain.isDefault {
      facts.append("progress " + domainText(clip) + (clip.domain.repeatFrom.map { ", repeating from " + NumberText.exact($0) } ?? ""))
    }
    if let transition = clip.transition { facts.append("eases over \(NumberText.exact(transition.duration)) s") }
    if let finish = clip.finish { facts.append("finishes with \(finish)") }
    return facts
  }

  /// `0 to 2`.
  public static func domainText(_ clip: FrameDocument.Clip) -> String {
    NumberText.exact(clip.domain.lower) + " to " + NumberText.exact(clip.domain.upper)
  }
}
