import Foundation
import LoadmarkTestSupport
import Testing

/// docs/FIDELITY.md names every rule the engine names in its code.
struct FidelityDocumentTests {
  static let root = Repository.root

  @Test func everyRuleInTheCodeIsDocumented() throws {
    let fidelity = try String(contentsOf: Self.root.appendingPathComponent("docs/FIDELITY.md"), encoding: .utf8)
    var rules = Set<String>()
    // The core's four targets, each of which names rules.
    for target in ["LoadmarkText", "LoadmarkEngine", "LoadmarkFrames", "LoadmarkCore"] {
      let sources = Self.root.appendingPathComponent("Sources/\(target)")
      let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
      for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "Rule\\.[A-Za-z0-9]+")
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          rules.insert(String(text[Range(match.range, in: text)!]))
        }
      }
    }
    #expect(rules.count >= 15)
    for rule in rules.sorted() {
      #expect(fidelity.contains("`\(rule)`"), "\(rule) is not in docs/FIDELITY.md")
    }
  }
}
