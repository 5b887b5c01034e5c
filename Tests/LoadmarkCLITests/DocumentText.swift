/// Edits of written documents, for making files that differ or are broken
/// in one known place.
///
/// They rely on the writer's compact layout with plain tracks (`--tracks plain`:
/// no spaces; a varying track is
/// `"<key>":[v0,v1,…]`), which is deterministic.
enum DocumentText {
  /// `text` with the value at `frame` of the varying track `key` replaced
  /// by `replacement`, written as is.
  static func replacingFrame(_ frame: Int, ofTrack key: String, in text: String, with replacement: String) -> String? {
    editingTrack(key, in: text) { values in
      guard values.indices.contains(frame) else { return false }
      values[frame] = replacement
      return true
    }
  }

  /// `text` with the value at `frame` of the varying track `key` removed.
  static func droppingFrame(_ frame: Int, ofTrack key: String, in text: String) -> String? {
    editingTrack(key, in: text) { values in
      guard values.indices.contains(frame) else { return false }
      values.remove(at: frame)
      return true
    }
  }

  /// The value at `frame` of the varying track `key`, as written.
  static func frame(_ frame: Int, ofTrack key: String, in text: String) -> String? {
    var found: String?
    _ = editingTrack(key, in: text) { values in
      found = values.indices.contains(frame) ? values[frame] : nil
      return false
    }
    return found
  }

  /// `text` with the values of track `key` passed through `edit`, or nil when
  /// the track is not a written array or `edit` returns false.
  private static func editingTrack(_ key: String, in text: String, _ edit: (inout [String]) -> Bool) -> String? {
    guard let start = text.range(of: "\"\(key)\":[") else { return nil }
    guard let end = text[start.upperBound...].firstIndex(of: "]") else { return nil }
    var values = text[start.upperBound..<end].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard edit(&values) else { return nil }
    return String(text[..<start.upperBound]) + values.joined(separator: ",") + String(text[end...])
  }
}
