import LoadmarkCore

/// Writes documents as JSON text (docs/FORMAT.md), deterministically: the
/// same document gives the same bytes on every run and platform.
///
/// The writer does not validate; ``DocumentReader`` does. It writes what it
/// is given so that a bad document still comes out whole and the reader can
/// point at the fault: a non-finite number is written as `null`, and a track
/// that matches no layer is written after the expected ones.
public enum DocumentWriter {
  /// Significant digits of reals in compact documents. Compact values are
  /// rounded to at most 4 decimals first, and 15 digits print the nearest
  /// Double to such a decimal as that decimal (`0.3`, not `0.30000000000000004`).
  static let compactRealDigits: Int32 = 15
  /// Significant digits of reals in full documents: 17 are always enough for
  /// the text to read back as the identical Double.
  static let fullRealDigits: Int32 = 17

  /// The document as JSON text without spaces or newlines (`JSON_COMPACT`),
  /// exactly as `json_dumps` returns it.
  ///
  /// Compact: values via `FrameDocument.rounded(to: .compact)`, reals dumped
  /// with `JSON_REAL_PRECISION(15)` so quantised decimals print with no float
  /// noise. Full: `JSON_REAL_PRECISION(17)` so every Double reads back
  /// identical. Either way an integral value below 2^53 is written as an
  /// integer (`1`, not `1.0`).
  ///
  /// `tracks` chooses how varying tracks are spelled; nil means
  /// ``TrackEncoding/deltas`` for compact and ``TrackEncoding/plain`` for
  /// full. Full documents always write plain arrays, even when asked for
  /// deltas, since their values are not whole numbers of a quantum. Either
  /// spelling reads back as the same document.
  public static func encode(
    _ document: FrameDocument, precision: Precision = .compact, tracks: TrackEncoding? = nil
  ) -> String {
    let digits = precision == .compact ? compactRealDigits : fullRealDigits
    let encoding = precision == .compact ? (tracks ?? .deltas) : .plain
    do {
      return try text(of: document.rounded(to: precision), tracks: encoding, realDigits: digits)
    } catch {
      // Every value built here is one Jansson accepts (valid UTF-8, finite
      // reals, keys set on objects), so only running out of memory is left,
      // which a caller could not handle either.
      fatalError("LoadmarkJSON could not write a document: \(error)")
    }
  }

  /// The document's text: exactly what `json_dumps` writes for the whole
  /// document as one tree, but built a clip and a track at a time.
  ///
  /// Jansson takes about 40 bytes for every number of a tree, so one tree of
  /// a long document would cost many times its text; written piece by piece,
  /// the largest tree alive is one track's. Compact dumps put no space
  /// anywhere, so the pieces join into the same bytes: the root without its
  /// clips, less its closing brace, then `,"clips":[`, each clip, `]}`.
  static func text(
    of document: FrameDocument, tracks: TrackEncoding, realDigits digits: Int32
  ) throws(JanssonError) -> String {
    var text = try headerObject(document).compactText(realDigits: digits)
    text.removeLast()
    text += #","clips":["#
    for (index, clip) in document.clips.enumerated() {
      if index > 0 { text += "," }
      text += try clipText(clip, layers: document.layers, tracks: tracks, realDigits: digits)
    }
    return text + "]}"
  }

  /// The root object without `clips`: every field before them, in the order
  /// of the format.
  static func headerObject(_ document: FrameDocument) throws(JanssonError) -> JSONValue {
    let root = try JSONValue.object()
    try root.set("format", .string(FrameDocument.formatName))
    // The lowest version that says the document, so that one without
    // version 3's additions is byte for byte what version 2 wrote.
    try root.set("version", number(Double(document.writtenVersion)))
    try root.set("preset", .string(document.preset))
    try root.set("fps", number(document.fps))
    try root.set("width", number(document.width))
    try root.set("height", number(document.height))
    let layers = try JSONValue.array()
    for layer in document.layers {
      try layers.append(layerObject(layer))
    }
    try root.set("layers", layers)
    return root
  }

  /// A number: an integer when ``Swift/Double/isWrittenAsInteger``, `null`
  /// when not finite (JSON has no NaN or infinity), else a real.
  static func number(_ value: Double) throws(JanssonError) -> JSONValue {
    guard value.isFinite else { return try .null() }
    if value.isWrittenAsInteger { return try .integer(Int64(value)) }
    return try .real(value)
  }

  /// An array of numbers.
  static func numbers(_ values: [Double]) throws(JanssonError) -> JSONValue {
    let array = try JSONValue.array()
    for value in values {
      try array.append(number(value))
    }
    return array
  }

  /// A point, `[x, y]`.
  static func point(_ point: Point) throws(JanssonError) -> JSONValue {
    try numbers([point.x, point.y])
  }
}
