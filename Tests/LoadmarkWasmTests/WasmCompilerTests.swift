import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import LoadmarkWasmSupport
import Testing
@testable import LoadmarkSceneWasm

/// The playground's scene compiler on the host: the images of the native
/// reader (Jansson) byte for byte, and its messages for every invalid scene
/// of the shared corpus (Tests/Fixtures/invalid-scenes).
@Suite(.serialized)
struct WasmCompilerTests {
  static let root = Repository.root
  static let corpus = root.appendingPathComponent("Tests/Fixtures/invalid-scenes")

  /// Compiles `text` through the ABI's buffers: the status and the output.
  func compile(_ text: [UInt8]) -> (WasmCompiler.Status, [UInt8]) {
    let address = WasmCompiler.input.reserve(text.count)!
    for (i, byte) in text.enumerated() { address[i] = byte }
    let status = WasmCompiler.compile(Int32(text.count))
    return (status, Array(UnsafeBufferPointer(start: WasmCompiler.output.base, count: WasmCompiler.output.count)))
  }

  @Test(arguments: Indicator.presetNames)
  func presetsCompileToTheNativeImages(_ name: String) throws {
    let path = Self.root.appendingPathComponent("presets/\(name).scene.json").path
    let (status, image) = compile([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(status == .ok)
    #expect(image == SceneImage.encode(try SceneReader.read(path: path)))
  }

  static var invalidScenes: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: corpus.path))?.filter { $0.hasSuffix(".scene.json") }.sorted() ?? []
  }

  static let expected: [String: String] = {
    let data = try! Data(contentsOf: corpus.appendingPathComponent("messages.json"))
    let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    return object["messages"] as! [String: String]
  }()

  @Test func theCorpusHasEveryKindOfError() {
    #expect(Self.invalidScenes.count == Self.expected.count)
    for kind in ["syntax-", "limit-", "meaning-"] {
      #expect(Self.invalidScenes.filter { $0.hasPrefix(kind) }.count >= 3, "\(kind)")
    }
  }

  @Test(arguments: invalidScenes)
  func invalidScenesGetTheNativeMessage(_ file: String) throws {
    let url = Self.corpus.appendingPathComponent(file)
    let expected = try #require(Self.expected[file])
    // The native reader, as `loadmark compile` and `export` run it.
    do {
      _ = try SceneReader.read(path: url.path)
      Issue.record("the native reader accepted \(file)")
    } catch {
      let native: String
      switch error.location {
      case .file: native = error.message
      case .position(let line, let column): native = "\(line):\(column): \(error.message)"
      case .field(let path): native = "\(path): \(error.message)"
      }
      #expect(native == expected)
    }
    // The playground's compiler.
    let (status, output) = compile([UInt8](try Data(contentsOf: url)))
    #expect(status == .badScene)
    #expect(String(decoding: output, as: UTF8.self) == expected)
    // Its position, apart: the line and column of a syntax or limit error,
    // the path of a field.
    let prefix = WasmCompiler.line > 0 ? "\(WasmCompiler.line):\(WasmCompiler.column): " : ""
    #expect(expected.hasPrefix(prefix))
    if WasmCompiler.pathLength > 0 {
      #expect(output[WasmCompiler.pathLength] == UInt8(ascii: ":"))
      #expect(expected.hasPrefix(String(decoding: output.prefix(WasmCompiler.pathLength), as: UTF8.self) + ": "))
    }
    #expect(WasmCompiler.line == 0 || WasmCompiler.pathLength == 0)
  }

  @Test func lengthsOutsideTheInputAreRefused() {
    _ = WasmCompiler.input.reserve(10)
    for length: Int32 in [-1, 11, Int32.max, Int32.min] {
      #expect(WasmCompiler.compile(length) == .badLength)
    }
    #expect(WasmCompiler.input.reserve(ByteBuffer.maximumSize + 1) == nil)
    #expect(WasmCompiler.input.reserve(-1) == nil)
  }

  /// A scene whose timer adds a large animation many times compiles to an
  /// image no engine would load: refused, without writing it all first.
  @Test func anImageOverTheEnginesInputIsRefused() {
    let values = (0..<5_000).map { "0.\($0 % 10)" }.joined(separator: ",")
    let text = """
      {"format":"loadmark-scene","version":1,"name":"big","size":[10,10],
       "layers":[{"id":"a","class":"CAShapeLayer","path":[{"rect":[0,0,5,5]}]}],
       "animations":{"k":{"type":"keyframe","keyPath":"opacity","values":[\(values)]}},
       "clips":[{"name":"c","duration":100,"script":[{"every":0.01,"do":[{"layer":"a","add":"k"}]}]}]}
      """
    let (status, output) = compile(Array(text.utf8))
    #expect(status == .badScene)
    #expect(String(decoding: output, as: UTF8.self).hasPrefix("the compiled scene would be more than 1048576 bytes"))
  }
}
