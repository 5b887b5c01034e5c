/// A style sheet made safe to place inside an inline `<style>` element, and
/// the CSP hash of exactly that text.
///
/// The HTML parser ends a style element at the first `</style`. CSS has `<`
/// only inside strings and comments (the page's own sheets have none), and
/// in a string the escape `\3c ` means the same character, so every `<`
/// becomes that.
struct InlineStyle: Sendable {
  /// The text to place between `<style>` and `</style>`.
  let text: String

  /// `css`, a style sheet, made safe as above.
  init(_ css: String) {
    var result = ""
    for character in css {
      result += character == "<" ? "\\3c " : String(character)
    }
    text = result
  }

  /// The `'sha256-…'` source that allows this style sheet under a CSP.
  var hashSource: String {
    ContentSecurityPolicy.hashSource(of: text)
  }
}
