import Foundation
import LoadmarkCore
import LoadmarkJSON

/// The native side of tools/bench/compile.mjs: each scene file compiled in
/// this process, as `loadmark compile` compiles it (Jansson, then the
/// interpreter, then the image) and as the scene compiler module does
/// (LoadmarkCore's own parser, the same interpreter and image), so that the
/// module's times can be set against both without counting a process's
/// start-up.
enum CompileBench {
  /// `[{"file": F, "bytes": B, "jansson": S, "core": S}, …]`: the best of
  /// five rounds, in seconds; a scene either reader refuses is timed to its
  /// refusal.
  static func json(_ files: [String]) -> String {
    var rows: [String] = []
    for file in files {
      let text = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
      // About a second of work per reader, whatever the scene's size.
      let once = Stopwatch.seconds(rounds: 1, iterations: 1) { compileWithJansson(text) }
      let iterations = max(1, min(50, Int(0.2 / max(once, 1e-6))))
      let jansson = Stopwatch.seconds(rounds: 5, iterations: iterations) { compileWithJansson(text) }
      let core = Stopwatch.seconds(rounds: 5, iterations: iterations) { compileWithCore(text) }
      rows.append(#"{"file":"\#(file)","bytes":\#(text.count),"jansson":\#(jansson),"core":\#(core)}"#)
    }
    return "[" + rows.joined(separator: ",") + "]"
  }

  static func compileWithJansson(_ text: [UInt8]) {
    text.withUnsafeBytes { bytes in
      if let preset = try? SceneReader.decode(bytes, source: "input") {
        _ = SceneImage.encode(preset, limit: SceneImage.maximumSize)
      }
    }
  }

  static func compileWithCore(_ text: [UInt8]) {
    text.withUnsafeBytes { bytes in
      if let preset = try? SceneText.compile(bytes) {
        _ = SceneImage.encode(preset, limit: SceneImage.maximumSize)
      }
    }
  }
}
