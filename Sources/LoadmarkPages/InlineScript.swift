/// JavaScript made safe to place inside an inline `<script>` element, and
/// the CSP hash of exactly that text.
///
/// Two changes, both meaning-preserving wherever the sequences can occur in
/// a module (string and template literals, regular expressions, comments):
///
/// - `<` in `</script` (any case) and in `<!--` becomes `\x3C`, so the HTML
///   parser neither ends the element early nor enters the escaped states
///   that would swallow its real end tag;
/// - line ends become `\n`, because the HTML parser turns `\r\n` and `\r`
///   into `\n` before the browser hashes the text, and the hash in the
///   page's policy must be of the text the browser sees.
struct InlineScript: Sendable {
  /// The text to place between `<script type="module">` and `</script>`.
  let text: String

  /// `source`, a JavaScript module, made safe as above.
  init(_ source: String) {
    let bytes = Array(source.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\r"):
        result.append(UInt8(ascii: "\n"))
        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "<") where InlineScript.startsEndTagOrComment(bytes, at: index + 1):
        result += Array("\\x3C".utf8)
      default:
        result.append(byte)
      }
      index += 1
    }
    text = String(decoding: result, as: UTF8.self)
  }

  /// The `'sha256-…'` source that allows this script under a CSP.
  var hashSource: String {
    ContentSecurityPolicy.hashSource(of: text)
  }

  /// Whether `bytes` from `start` begin with `/script` (any case) or `!--`:
  /// what must not follow a `<` inside a script element.
  private static func startsEndTagOrComment(_ bytes: [UInt8], at start: Int) -> Bool {
    let rest = bytes[start...]
    if rest.starts(with: "!--".utf8) { return true }
    guard rest.first == UInt8(ascii: "/") else { return false }
    // ASCII lower-casing: setting bit 5 maps A–Z to a–z.
    let name = rest.dropFirst().prefix(6).map { $0 | 0x20 }
    return name.elementsEqual("script".utf8)
  }
}
