import Foundation
import LoadmarkTestSupport
import Testing

/// docs/SCENE.md's table of the Core Animation features a catalogue uses:
/// every key path a catalogue scene animates is a row the table calls
/// supported, so the table cannot fall behind the catalogue.
@Suite("The Core Animation feature table")
struct SceneFeatureTableTests {
  /// The key paths the table's supported rows name (`key path(s) …`, each in backquotes).
  static func supportedKeyPaths(in text: String) -> Set<String> {
    guard let section = text.components(separatedBy: "## Core Animation features of a catalogue").dropFirst().first?
      .components(separatedBy: "\n## ").first
    else { return [] }
    var paths: Set<String> = []
    for row in section.split(separator: "\n") where row.hasPrefix("| key path") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, cells[2].hasPrefix("supported") else { continue }
      let quoted = cells[0].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
      for name in quoted {
        // `.y` after `transform.translation.x` names its sibling.
        if name.hasPrefix("."), let last = paths.first(where: { $0.hasSuffix(".x") && quoted.contains($0) }) {
          paths.insert(String(last.dropLast(2)) + name)
        } else {
          paths.insert(name)
        }
      }
    }
    return paths
  }

  /// Every `"keyPath"` of every catalogue scene.
  static func catalogueKeyPaths() throws -> Set<String> {
    let folder = Repository.root.appendingPathComponent("catalogue")
    var found: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".scene.json") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let pattern = try NSRegularExpression(pattern: #""keyPath"\s*:\s*"([^"]+)""#)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        found.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    return found
  }

  @Test func everyKeyPathTheCatalogueAnimatesIsASupportedRow() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/SCENE.md"), encoding: .utf8)
    let supported = Self.supportedKeyPaths(in: text)
    #expect(supported.contains("transform.scale.y") && supported.contains("transform.translation.y"), "\(supported)")
    let used = try Self.catalogueKeyPaths()
    #expect(!used.isEmpty)
    #expect(used.subtracting(supported).isEmpty, "not in the table as supported: \(used.subtracting(supported).sorted())")
    // Perturbed: a row marked refused no longer counts.
    let perturbed = text.replacingOccurrences(
      of: "| key path `opacity` | 12 | supported |", with: "| key path `opacity` | 12 | refused |")
    #expect(!Self.supportedKeyPaths(in: perturbed).contains("opacity"))
  }
}
