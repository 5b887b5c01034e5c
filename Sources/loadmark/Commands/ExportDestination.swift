import LoadmarkSystem

/// Where `loadmark export` writes, decided from `-o` and the number of presets.
enum ExportDestination: Equatable {
  /// Standard output: one preset, with `-o -` or no `-o`.
  case standardOutput
  /// One preset to this file.
  case file(String)
  /// `<directory>/<preset>.json` for each preset; created if missing.
  case directory(String)

  /// The destination for `output` (the `-o` value, if any) and `presetCount`
  /// presets: an existing directory or a path ending in `/` is a directory,
  /// anything else a file, which only one preset can go to.
  ///
  /// With `perFile`, the count is only checked later, against the files a
  /// format writes (``ExportCommand/place(_:in:)``): one clip of one preset
  /// may go to a file or standard output.
  init(output: String?, presetCount: Int, perFile: Bool = false) throws(CommandError) {
    if perFile {
      switch output {
      case nil, "-": self = .standardOutput
      case let path?: self = path.hasSuffix("/") || FileSystem.isDirectory(path) ? .directory(path) : .file(path)
      }
      return
    }
    switch output {
    case nil:
      guard presetCount == 1 else {
        throw .usage("exporting \(presetCount) presets needs -o DIR, a directory to write them to")
      }
      self = .standardOutput
    case "-":
      guard presetCount == 1 else {
        throw .usage("-o - writes one indicator to standard output; for \(presetCount) indicators give -o DIR")
      }
      self = .standardOutput
    case let path?:
      if path.hasSuffix("/") || FileSystem.isDirectory(path) {
        self = .directory(path)
      } else if presetCount == 1 {
        self = .file(path)
      } else {
        throw .usage(
          "-o \(path) is not a directory; for \(presetCount) presets name an existing directory, "
            + "or end the path with / to create it (-o \(path)/)")
      }
    }
  }

  /// Refuses standard output when it is a terminal, for `writer` (`-o -`,
  /// `--format gif`) writes bytes that are not text: on a terminal they are
  /// garbage, and their escape bytes may be taken for commands.
  func refuseTerminal(for writer: String) throws(CommandError) {
    if self == .standardOutput && Console.outputIsTerminal {
      throw .usage("\(writer) writes bytes, not text, and standard output is a terminal; redirect it, or give -o FILE")
    }
  }

  /// Creates the directory and its parents if it is one (exit 74 on failure).
  func createDirectory() throws(CommandError) {
    guard case .directory(let directory) = self else { return }
    try OutputFiles.makeDirectory(directory)
  }

  /// The one file named by `-o FILE`, which can be checked against the
  /// inputs before anything is read; the files in a directory are checked
  /// once their names are known.
  var outputPaths: [String] {
    if case .file(let path) = self { return [path] }
    return []
  }

  /// Where the file called `name` goes: into the directory, or the one file;
  /// nil for standard output.
  func path(forFile name: String) -> String? {
    switch self {
    case .standardOutput: return nil
    case .file(let path): return path
    case .directory(let directory):
      return directory + (directory.hasSuffix("/") ? "" : "/") + name
    }
  }
}
