import LoadmarkCore
import LoadmarkJSON
import LoadmarkSystem

/// Where a command reads a document: the file an operand names, or
/// standard input for `-`, as tools have done since Unix.
enum DocumentInput {
  /// The operand that means standard input (and, for outputs, standard output).
  static let standardInputOperand = "-"
  /// How messages and reports name standard input, as compilers do.
  static let standardInputName = "<stdin>"

  /// The document `operand` names; the reader's error otherwise.
  static func read(_ operand: String) throws(DocumentError) -> FrameDocument {
    operand == standardInputOperand
      ? try DocumentReader.readStandardInput(source: standardInputName)
      : try DocumentReader.read(path: operand)
  }

  /// The frame document or scene `operand` names, told apart by its
  /// `format`; the reader's error otherwise.
  static func readFile(_ operand: String, listingEveryError: Bool = false) throws(DocumentError) -> LoadmarkFile {
    operand == standardInputOperand
      ? try LoadmarkFile.readStandardInput(source: standardInputName, listingEveryError: listingEveryError)
      : try LoadmarkFile.read(path: operand, listingEveryError: listingEveryError)
  }

  /// The scene `operand` names, read as a scene whatever it says.
  static func readScene(_ operand: String) throws(DocumentError) -> Indicator {
    operand == standardInputOperand
      ? try SceneReader.readStandardInput(source: standardInputName)
      : try SceneReader.read(path: operand)
  }

  /// The bytes `operand` names, at most `limit` of them (exit 74 when they
  /// cannot be read, 65 when there are more).
  static func bytes(_ operand: String, limit: Int) throws(CommandError) -> [UInt8] {
    let bytes: [UInt8]?
    do {
      let file = operand == standardInputOperand
        ? FileDescriptor.standardInput(reporting: standardInputName) : try FileDescriptor(reading: operand)
      bytes = try file.readAll(limit: limit, expected: try file.status().regularFileSize ?? 0)
    } catch {
      // As the readers report a file they cannot read: which, and why.
      throw .io("\(name(operand)): cannot read \"\(name(operand))\": \(error.reason)")
    }
    guard let bytes else {
      throw .data("\(name(operand)): more than \(limit) bytes; the limit is \(limit) (\(limit >> 20) MiB)")
    }
    return bytes
  }

  /// How reports name the input `operand`: `<stdin>` for `-`.
  static func name(_ operand: String) -> String {
    operand == standardInputOperand ? standardInputName : operand
  }

  /// Refuses `-` given more than once: standard input can be read once.
  static func requireStandardInputOnce(_ operands: [String]) throws(CommandError) {
    if operands.filter({ $0 == standardInputOperand }).count > 1 {
      throw .usage("- (standard input) is given more than once; it can be read only once")
    }
  }
}
