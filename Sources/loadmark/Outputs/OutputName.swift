import LoadmarkCore

/// The one way a command makes an output's file name from names: the
/// scene's or document's, and a clip's. Every output that derives a file
/// name from a name (export's files in a directory, compile's, the gallery's
/// downloads, and so the sprite sheets' sidecars) takes it from here, so
/// that no name from a file's contents can lead a write out of its `-o`
/// directory.
enum OutputName {
  /// One part of a file name, and where it came from.
  struct Part {
    /// The text, such as `ring` or `spin`.
    var text: String
    /// The field of the input it was read from (`name`, `clips[1].name`),
    /// checked against ``FileStem``; nil for an input's own file name
    /// without `.json`, which is already one file name.
    var field: String?
  }

  /// `<first>-<second>…<ending>`, such as `ring-spin.svg`; a part read from
  /// `source`'s contents that cannot be a file name is refused as bad data
  /// (exit 65) with its field, as the scene reader refuses it.
  static func file(_ parts: [Part], ending: String, in source: String) throws(CommandError) -> String {
    for part in parts {
      guard let field = part.field, !FileStem.allows(part.text) else { continue }
      let quoted = ByteText.quoted(Array(part.text.utf8)).string
      throw .data("\(source): \(field): expected \(ByteText(stringLiteral: FileStem.rule).string), got \(quoted)")
    }
    return parts.map(\.text).joined(separator: "-") + ending
  }
}

extension LoadedSource {
  /// The file name of this source's output with `ending` (``OutputName``),
  /// or of its `clip`'s: `<name><ending>` or `<name>-<clip><ending>`.
  /// Without `checked`, for a file that `-o FILE` names, the name only
  /// labels the output in messages and is not held to the rule.
  func fileName(clip: FrameDocument.Clip? = nil, ending: String, checked: Bool = true) throws(CommandError) -> String {
    var parts = [OutputName.Part(text: name, field: checked && !isDocumentFile ? "name" : nil)]
    if let clip {
      let index = document.clips.firstIndex { $0.name == clip.name } ?? 0
      parts.append(OutputName.Part(text: clip.name, field: checked ? "clips[\(index)].name" : nil))
    }
    return try OutputName.file(parts, ending: ending, in: DocumentInput.name(source.operand))
  }
}
