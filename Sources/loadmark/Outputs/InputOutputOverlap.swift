import LoadmarkSystem

/// The rule that an output never replaces an input: reading a file and
/// writing over it in one run loses the file if anything goes wrong, and
/// even when all goes well the input is gone.
enum InputOutputOverlap {
  /// Refuses, as a usage error naming both as given, when one of `outputs`
  /// is the same file as one of `inputs` (same device and inode, however
  /// spelled or linked). Paths that do not exist yet cannot be inputs.
  static func check(outputs: [String], inputs: [String]) throws(CommandError) {
    for output in outputs {
      if let input = inputs.first(where: { FileSystem.isSameFile(output, $0) }) {
        throw .usage("output \(output) is the input \(input); write to another file")
      }
    }
  }
}
