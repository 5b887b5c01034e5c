import LoadmarkCore

/// `Rule.exportBackground` (docs/EXPORT.md): the background an export gets
/// when `--background` is not given, chosen so that every colour the clip
/// shows can be seen.
///
/// A colour counts as visible on a background when their contrast ratio
/// (WCAG 2's, from relative luminance, the colour composited over the
/// background by its alpha) is at least ``minimumContrast``: enough to see
/// the shape, not a legibility standard. The colours are those of every
/// layer the clip shows at some frame (opacity above 0), stroke or else
/// fill, the accent replaced by the theme colour if one is given; a layer
/// with the `surface` role is left out: it is the indicator's own backdrop
/// (the refresh spinner's white disc, seen by its shadow), not something
/// drawn on the page.
public enum ExportBackground {
  /// The least contrast ratio at which a colour counts as visible.
  public static let minimumContrast = 1.5

  /// What an export without `--background` is drawn on.
  public enum Choice: Equatable, Sendable {
    /// Transparent (a format with alpha), or this colour.
    case color(Color?)
    /// No plain background shows every colour: the caller must be told to
    /// choose one. `colors` are the clip's colours that white and black
    /// each hide.
    case none(hiddenOnWhite: [Color], hiddenOnBlack: [Color])
  }

  /// The default background of `clip`.
  ///
  /// An opaque format (GIF, whose transparency is one bit) is drawn on
  /// white when white shows every colour, else on black when black does.
  /// A format with alpha stays transparent when white (a page's usual
  /// background) shows every colour, else takes black when black does: the
  /// progress preset's white check is not lost on a white page. When
  /// neither does, an opaque format has no choice and a transparent one
  /// stays transparent.
  /// - Parameters:
  ///   - document: the frames.
  ///   - clip: the clip exported.
  ///   - accent: the theme colour that replaces accent layers' colour, if any.
  ///   - opaque: whether the format has no partial alpha.
  public static func choice(
    for document: FrameDocument, clip: FrameDocument.Clip, accent: Color? = nil, opaque: Bool
  ) -> Choice {
    let colors = shownColors(document, clip: clip, accent: accent)
    let hiddenOnWhite = colors.filter { contrast($0, on: .white) < minimumContrast }
    let hiddenOnBlack = colors.filter { contrast($0, on: .black) < minimumContrast }
    if hiddenOnWhite.isEmpty { return .color(opaque ? .white : nil) }
    if hiddenOnBlack.isEmpty { return .color(.black) }
    return opaque ? .none(hiddenOnWhite: hiddenOnWhite, hiddenOnBlack: hiddenOnBlack) : .color(nil)
  }

  /// The colours `clip` shows, each once, in layer order.
  public static func shownColors(_ document: FrameDocument, clip: FrameDocument.Clip, accent: Color? = nil) -> [Color] {
    var colors: [Color] = []
    for layer in document.layers where layer.role != .surface {
      // Shown at some frame: each of a track's values is shown at some frame
      // of the clip, a periodic track's past the clip's own frames too.
      let shown: Bool
      switch clip.track(layer.id, .opacity)?.values {
      case .constant(let value): shown = value > 0
      case .frames(let values), .periodic(let values): shown = values.contains { $0 > 0 }
      case nil: shown = false
      }
      guard shown else { continue }
      guard var color = layer.style.stroke ?? layer.style.fill, color.alpha > 0 else { continue }
      if layer.accent, let accent { color = accent }
      if !colors.contains(color) { colors.append(color) }
    }
    return colors
  }

  /// WCAG 2's contrast ratio of `color`, composited over `background` by
  /// its alpha, against `background`: (L1 + 0.05) / (L2 + 0.05), from 1 to 21.
  public static func contrast(_ color: Color, on background: Color) -> Double {
    let a = Double(color.alpha) / 255
    func channel(_ c: UInt8, _ b: UInt8) -> Double { Double(c) * a + Double(b) * (1 - a) }
    let shown = luminance(
      channel(color.red, background.red), channel(color.green, background.green), channel(color.blue, background.blue))
    let base = luminance(Double(background.red), Double(background.green), Double(background.blue))
    return (max(shown, base) + 0.05) / (min(shown, base) + 0.05)
  }

  /// WCAG 2's relative luminance of 8-bit sRGB channels (fractional after compositing).
  static func luminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
    0.2126 * linear(r / 255) + 0.7152 * linear(g / 255) + 0.0722 * linear(b / 255)
  }

  /// The sRGB transfer function inverted: c/12.92 at or below 0.04045, else ((c + 0.055)/1.055)^2.4.
  static func linear(_ c: Double) -> Double {
    c <= 0.04045 ? c / 12.92 : power2point4((c + 0.055) / 1.055)
  }

  /// x^2.4 for x in (0, 1], as x² · (x²)^(1/5), the fifth root by Newton's
  /// method: the operations every platform rounds alike, no libm.
  static func power2point4(_ x: Double) -> Double {
    let square = x * x
    var root = 1.0
    for _ in 0..<60 {
      let next = root - (root * root * root * root * root - square) / (5 * root * root * root * root)
      if next == root { break }
      root = next
    }
    return square * root
  }
}
