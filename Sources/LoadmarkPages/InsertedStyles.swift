/// The styles the page's scripts write out as literal markup, as the player
/// does in its shadow root. The page's policy must allow them by hash too:
/// `style-src` also covers `<style>` elements and `style` attributes in
/// shadow trees.
struct InsertedStyles: Sendable {
  /// The text of each `<style>…</style>` element.
  var sheets: [String] = []
  /// The value of each `style="…"` attribute.
  var attributes: [String] = []

  /// The styles written out in `scripts`, each once.
  ///
  /// Only text with no backslash, `${` or `&` is taken: there the source
  /// text is the value the browser hashes, byte for byte. A style spelled
  /// with escapes or built at run time cannot be known from the source and
  /// is left out.
  init(scanning scripts: [String]) {
    for script in scripts {
      for sheet in InsertedStyles.enclosed(in: script, from: "<style>", to: "</style>") where !sheets.contains(sheet) {
        sheets.append(sheet)
      }
      for quote in ["\"", "'"] {
        for value in InsertedStyles.enclosed(in: script, from: "style=" + quote, to: quote)
        where !attributes.contains(value) {
          attributes.append(value)
        }
      }
    }
  }

  /// Every text between `opening` and the next `closing` in `script` that is
  /// its own literal value.
  private static func enclosed(in script: String, from opening: String, to closing: String) -> [String] {
    var found: [String] = []
    var rest = script[...]
    while let open = rest.range(of: opening), let close = rest[open.upperBound...].range(of: closing) {
      let text = rest[open.upperBound..<close.lowerBound]
      if !text.contains("\\") && !text.contains("${") && !text.contains("&") {
        found.append(String(text))
      }
      rest = rest[close.upperBound...]
    }
    return found
  }
}
