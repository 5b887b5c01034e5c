import LoadmarkCore
import LoadmarkJSON

/// Scene text, read both ways: natively (`SceneReader`: Jansson, then the
/// interpreter) and as the WebAssembly playground reads it (`SceneText`:
/// LoadmarkCore's parser, then the same interpreter). Both must accept the
/// same texts, compile them to the same image, and refuse the others with
/// the same message at the same place; a scene they accept must sample
/// without trapping (``ImageTarget/exercise(_:)``).
enum SceneTarget {
  static func check(_ bytes: UnsafeRawBufferPointer) {
    let native: Result<Preset, DocumentError> = Result { () throws(DocumentError) in
      try SceneReader.decode(bytes, source: "input")
    }
    let core: Result<Preset, SceneError> = Result { () throws(SceneError) in try SceneText.compile(bytes) }
    switch (native, core) {
    case (.success(let a), .success(let b)):
      guard SceneImage.encode(a) == SceneImage.encode(b) else {
        fatalError("the two readers compiled the scene differently")
      }
      if let image = SceneImage.encode(b, limit: 1 << 20) {
        guard let decoded = image.withUnsafeBytes({ SceneImage.decode($0) }) else {
          fatalError("a compiled scene's image does not read back")
        }
        ImageTarget.exercise(decoded)
      }
    case (.failure(let a), .failure(let b)):
      guard a.location == b.location, a.message == b.message.string else {
        fatalError("the readers disagree: Jansson \(a.location) \(a.message), LoadmarkCore \(b.location) \(b.message.string)")
      }
    case (.success, .failure(let b)):
      fatalError("only Jansson's reader accepted the scene; LoadmarkCore's: \(b.location) \(b.message.string)")
    case (.failure(let a), .success):
      fatalError("only LoadmarkCore's reader accepted the scene; Jansson's: \(a.location) \(a.message)")
    }
  }
}
