import LoadmarkPages

extension LiveEngine {
  /// The largest module read: the engine is about 100 KB.
  static let maximumModuleSize = 16 << 20

  /// Reads the module at `path` (standard input for `-`); a file that is
  /// not WebAssembly is bad data.
  static func read(_ path: String) throws(CommandError) -> LiveEngine {
    let bytes = try DocumentInput.bytes(path, limit: maximumModuleSize)
    guard LiveEngine.isModule(bytes) else {
      throw .data("\(DocumentInput.name(path)): not a WebAssembly module")
    }
    return LiveEngine(module: bytes)
  }
}
