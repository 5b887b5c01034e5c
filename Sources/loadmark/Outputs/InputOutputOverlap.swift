import LoadmarkSystem

/// The rule that an output never replaces an input: reading a file and
/// writing over it in one run loses the file if anything goes wrong, and
/// even when all goes well the input is gone.
enum InputOutputOverlap {
  /// Refuses, as a usage error naming both as given, when one of `outputs`
  /// is the same file as one of `inputs` (same device and inode, however
  /// spelled or linked), or, when the command reads `standardInput`, the
  /// file standard input was redirected from. Paths that do not exist yet
  /// cannot be inputs.
  static func check(outputs: [String], inputs: [String], standardInput: Bool = false) throws(CommandError) {
    for output in outputs {
      if let input = inputs.first(where: { FileSystem.isSameFile(output, $0) }) {
        throw .usage("output \(output) is the input \(input); write to another file")
      }
    }
    // `- < in.json` names no file, so only the open descriptor can tell
    // that in.json is read. A pipe or terminal on it is no output's file.
    guard standardInput, let input = try? FileDescriptor.standardInput(reporting: "standard input").status() else { return }
    for output in outputs {
      if let status = FileSystem.status(output), status.isSameFile(as: input) {
        throw .usage("output \(output) is the input - (standard input); write to another file")
      }
    }
  }
}
