import LoadmarkCore
import LoadmarkJSON

/// The frame document reader: every input goes through the pre-scan and
/// `DocumentReader`; an input it accepts must also survive a round trip:
/// written at full precision and read back, it is the identical document.
enum DocumentTarget {
  static func check(_ bytes: UnsafeRawBufferPointer) {
    guard let document = try? DocumentReader.decode(bytes, source: "input") else { return }
    let text = DocumentWriter.encode(document, precision: .full)
    let again: FrameDocument
    do {
      again = try DocumentReader.decode(text, source: "rewritten")
    } catch {
      fatalError("an accepted document was refused after a full-precision round trip: \(error)")
    }
    guard again == document else {
      fatalError("an accepted document changed in a full-precision round trip")
    }
  }
}
