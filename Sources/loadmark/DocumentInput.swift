import LoadmarkCore
import LoadmarkJSON

/// Where a command reads a document: the file an operand names, or
/// standard input for `-`, as tools have done since Unix.
enum DocumentInput {
  /// The operand that means standard input.
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
  static func readFile(_ operand: String) throws(DocumentError) -> LoadmarkFile {
    operand == standardInputOperand
      ? try LoadmarkFile.readStandardInput(source: standardInputName)
      : try LoadmarkFile.read(path: operand)
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
