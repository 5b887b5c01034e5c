import LoadmarkCore

/// What `loadmark export` was asked for, with every option checked.
struct ExportRequest {
  /// The presets, in the order given (`--all`: catalogue order), without repeats.
  var presetNames: [String]
  var options: DocumentOptions
  var destination: ExportDestination

  /// Checks every option and preset name in `arguments`; the first problem
  /// is a usage error naming the option at fault.
  init(_ arguments: ArgumentParser.Arguments) throws(CommandError) {
    presetNames = try ExportRequest.presetNames(arguments)
    options = try DocumentOptions(arguments)
    let output = try arguments.value(ExportCommand.output) { $0.isEmpty ? nil : $0 }
    destination = try ExportDestination(output: output, presetCount: presetNames.count)
  }

  /// The presets named by the operands or `--all`; unknown names are listed
  /// with the known ones.
  private static func presetNames(_ arguments: ArgumentParser.Arguments) throws(CommandError) -> [String] {
    let known = Preset.names.joined(separator: ", ")
    if arguments.isSet(ExportCommand.all) {
      guard arguments.operands.isEmpty else {
        throw .usage("--all cannot be combined with preset names")
      }
      return Preset.names
    }
    guard !arguments.operands.isEmpty else {
      throw .usage("expects preset names or --all (presets: \(known))")
    }
    let unknown = arguments.operands.filter { !Preset.names.contains($0) }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .usage("unknown preset\(unknown.count == 1 ? "" : "s") \(names); known presets: \(known)")
    }
    var seen: Set<String> = []
    return arguments.operands.filter { seen.insert($0).inserted }
  }
}
