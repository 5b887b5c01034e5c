import LoadmarkCore
import LoadmarkJSON

/// Scene text, read both ways: natively (`SceneReader`: Jansson, then the
/// interpreter) and as the WebAssembly playground reads it (`SceneText`:
/// LoadmarkCore's parser, then the same interpreter). Both must accept the
/// same texts, compile them to the same image, and refuse the others with
/// the same message at the same place; a scene they accept must compile to
/// an image the engine's reader loads as the same scene, and sample without
/// trapping (``ImageTarget/exercise(_:)``).
enum SceneTarget {
  static func check(_ bytes: UnsafeRawBufferPointer) {
    let native: Result<Indicator, DocumentError> = Result { () throws(DocumentError) in
      try SceneReader.decode(bytes, source: "input")
    }
    let core: Result<Indicator, SceneError> = Result { () throws(SceneError) in try SceneText.compile(bytes) }
    switch (native, core) {
    case (.success(let a), .success(let b)):
      guard SceneImage.encode(a) == SceneImage.encode(b) else {
        fatalError("the two readers compiled the scene differently")
      }
      // Compiler and engine agree: every image a compiler writes (at most
      // the engine's 1 MiB; both compilers refuse larger ones) loads, as the
      // same layers, figures and clips, and writes back as the same bytes.
      if let image = SceneImage.encode(b, limit: SceneImage.maximumSize) {
        var refusal = SceneImage.Refusal.notAnImage
        guard let decoded = image.withUnsafeBytes({ SceneImage.decode($0, refusal: &refusal) }) else {
          fatalError("a compiled scene's image does not load: \(refusal)")
        }
        guard decoded.layers.count == b.layers.count, decoded.figures.count == b.figures.count,
          decoded.clips.count == b.clips.count
        else {
          fatalError("a compiled scene's image loads with other counts of layers, figures or clips")
        }
        guard SceneImage.encode(decoded) == image else {
          fatalError("a compiled scene's image loads as another scene")
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
