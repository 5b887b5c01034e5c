import LoadmarkCore
import LoadmarkExport

/// A player's poster: inline SVG stills of its clip that show before the
/// player draws, and instead of it when scripts never run.
///
/// Each still is ``SVGWriter/still(_:clip:frame:accent:background:idPrefix:rootAttributes:)``'s
/// output for one frame, so a poster draws what the player's first frame
/// draws. That markup is built by the writer from numbers, `#rrggbb`
/// colours, path data and the ids given here, never from a document's
/// names or a page's text, so it has nothing to escape.
///
/// Every still is `aria-hidden`: the element carries the accessible name
/// and role. It carries no style sheet and no `style` attribute (every
/// value is a presentation attribute), so the page's Content-Security-Policy
/// needs nothing for it.
struct Poster {
  /// The SVG elements, one per line.
  let markup: String

  /// The class of every still: sized as its player by the page's sheet.
  static let stillClass = "lm-poster"
  /// The class of the still shown without reduced motion, when a one-shot
  /// has two.
  static let firstClass = "lm-poster-first"
  /// The class of a one-shot's last frame, shown only under
  /// `prefers-reduced-motion: reduce`, where the player shows that frame.
  static let lastClass = "lm-poster-last"

  /// The poster of `clip` of `document`.
  ///
  /// A progress clip shows the frame of `progress` (the player's initial
  /// progress); a time clip its first frame and, for a one-shot, its last
  /// under reduced motion, where the player skips to it
  /// (`SVGWriter.animated` holds the same still). A loop under reduced
  /// motion still plays, breathing (web/README.md, "Reduced motion"), so it
  /// keeps its first frame.
  /// - Parameters:
  ///   - document: the frames.
  ///   - clip: the clip the player shows.
  ///   - progress: the player's initial progress, for a progress clip.
  ///   - idPrefix: the start of the stills' ids, unique on the page and an
  ///     XML name (filters are referenced by id).
  init(_ document: FrameDocument, clip: FrameDocument.Clip, progress: Double, idPrefix: String) {
    let stills = Poster.frames(clip, progress: progress)
    let twoStills = stills.count == 2
    markup = stills.enumerated().map { number, frame in
      let role = twoStills ? (number == 0 ? Poster.firstClass : Poster.lastClass) : nil
      return Poster.still(document, clip: clip, frame: frame, role: role, idPrefix: idPrefix + (number == 0 ? "" : "e"))
    }.joined()
  }

  /// The frames the poster shows: the first, or the progress's, and for a
  /// one-shot time clip its last.
  static func frames(_ clip: FrameDocument.Clip, progress: Double) -> [Int] {
    switch clip.index {
    case .progress: return [clip.frame(atProgress: progress)]
    case .time: return clip.loop || clip.frameCount < 2 ? [0] : [0, clip.frameCount - 1]
    }
  }

  /// One still as the page inlines it: hidden from assistive technology,
  /// and classed for the page's sheet (`role`: ``firstClass`` or
  /// ``lastClass`` when it is one of two).
  static func still(
    _ document: FrameDocument, clip: FrameDocument.Clip, frame: Int, role: String?, idPrefix: String
  ) -> String {
    let classes = [stillClass] + (role.map { [$0] } ?? [])
    return SVGWriter.still(
      document, clip: clip, frame: frame, idPrefix: idPrefix,
      rootAttributes: [("class", classes.joined(separator: " ")), ("aria-hidden", "true")])
  }
}
