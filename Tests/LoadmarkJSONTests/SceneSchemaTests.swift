import Foundation
@testable import LoadmarkCore
import LoadmarkJSON
import Testing

/// docs/scene.schema.json names exactly the fields the scene reader takes
/// (the lists in LoadmarkCore's SceneCompiler), so the two cannot drift apart.
struct SceneSchemaTests {
  static func schema() throws -> JSONTree {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/scene.schema.json")
    return try JSONTree.parse([UInt8](try Data(contentsOf: url)))
  }

  /// The property names of the object schema at `path` (through `$defs`), without `comment`.
  func properties(_ path: StaticString...) throws -> Set<String> {
    var value = try Self.schema()
    for key in path { value = try #require(value.member(key)) }
    if case .array(let options) = value.member("oneOf") ?? .null {
      value = try #require(options.first { $0.member("properties") != nil })
    }
    guard case .object(let members) = try #require(value.member("properties")) else { return [] }
    return Set(members.map { String(decoding: $0.key, as: UTF8.self) }.filter { $0 != "comment" })
  }

  func names(_ list: [StaticString]) -> Set<String> {
    Set(list.map { $0.description })
  }

  @Test func everyObjectHasTheReadersFields() throws {
    #expect(try properties() == names(SceneCompiler.rootFields))
    #expect(try properties("$defs", "layer") == names(SceneCompiler.layerFields + SceneCompiler.shapeLayerFields + SceneCompiler.drawingLayerFields))
    #expect(try properties("$defs", "drawing") == names(SceneCompiler.drawingFields))
    #expect(try properties("$defs", "command") == names(SceneCompiler.commandNames))
    #expect(try properties("$defs", "animation") == names(
      SceneCompiler.timingFields + SceneCompiler.propertyAnimationFields + SceneCompiler.basicFields
        + SceneCompiler.springFields + SceneCompiler.keyframeFields + ["animations"]))
    #expect(try properties("$defs", "item") == names(SceneCompiler.itemFields))
    #expect(try properties("$defs", "clip") == names(SceneCompiler.clipFields + SceneCompiler.progressClipFields))
    #expect(try properties("$defs", "routine") == names(SceneCompiler.routineFields))
  }
}
