import Foundation

/// Pieces of a page written by `loadmark html` or `loadmark gallery`, cut
/// out of its text the way a browser's parser delimits them.
struct PageText {
  let html: String

  /// The content of the Content-Security-Policy `<meta>`, if there is one.
  var policy: String? {
    guard let start = html.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\""),
      let end = html[start.upperBound...].firstIndex(of: "\"")
    else { return nil }
    return String(html[start.upperBound..<end])
  }

  /// The sources of one directive of ``policy``, such as `script-src`.
  func sources(_ directive: String) -> [String] {
    guard let policy else { return [] }
    for part in policy.split(separator: ";") {
      let words = part.split(separator: " ").map(String.init)
      if words.first == directive { return Array(words.dropFirst()) }
    }
    return []
  }

  /// The text of each `<script type="module">` without a `src`.
  var moduleScripts: [String] { elements(opening: "<script type=\"module\">", closing: "</script>") }

  /// The text of each `<style>` element of the page itself (not the text
  /// of a script that writes one).
  var styles: [String] { PageText(html: markup).elements(opening: "<style>", closing: "</style>") }

  /// The page without the contents of its script elements: the markup a
  /// browser builds elements from.
  var markup: String {
    var result = ""
    var rest = html[...]
    while let open = rest.range(of: "<script"), let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
      let close = rest[tagEnd...].range(of: "</script>")
    {
      result += rest[..<rest.index(after: tagEnd)]
      rest = rest[close.lowerBound...]
      result += "</script>"
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// The text of the JSON data block with id `id`.
  func dataBlock(_ id: String) -> String? {
    elements(opening: "<script type=\"application/json\" id=\"\(id)\">", closing: "</script>").first
  }

  /// The text of every JSON data block.
  var dataBlocks: [String] {
    var blocks: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<script type=\"application/json\" id=\""),
      let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
      let close = rest[tagEnd...].range(of: "</script>")
    {
      blocks.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return blocks
  }

  /// How often `text` occurs in the page's ``markup``.
  func count(_ text: String) -> Int {
    markup.components(separatedBy: text).count - 1
  }

  /// The text between each `opening` and the next `closing`: as the HTML
  /// parser does, the first `closing` ends the element whatever comes before.
  private func elements(opening: String, closing: String) -> [String] {
    var found: [String] = []
    var rest = html[...]
    while let open = rest.range(of: opening), let close = rest[open.upperBound...].range(of: closing) {
      found.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...]
    }
    return found
  }
}
