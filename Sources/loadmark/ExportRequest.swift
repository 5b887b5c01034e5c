import Foundation
import LoadmarkCore

/// What `loadmark export` was asked for, with every option checked.
struct ExportRequest {
  /// The presets and scene files, in the order given (`--all`: catalogue
  /// order, then `--scene`), without repeats.
  var sources: [IndicatorSource]
  var options: DocumentOptions
  var destination: ExportDestination

  /// Checks every option and name in `arguments`; the first problem is a
  /// usage error naming the option at fault.
  init(_ arguments: ArgumentParser.Arguments) throws(CommandError) {
    sources = try ExportRequest.sources(arguments)
    options = try DocumentOptions(arguments)
    let output = try arguments.value(ExportCommand.output) { $0.isEmpty ? nil : $0 }
    destination = try ExportDestination(output: output, presetCount: sources.count)
  }

  /// The presets and scene files named by the operands, `--all` and
  /// `--scene`; unknown preset names are listed with the known ones.
  private static func sources(_ arguments: ArgumentParser.Arguments) throws(CommandError) -> [IndicatorSource] {
    let known = Preset.names.joined(separator: ", ")
    var sources: [IndicatorSource] = []
    if arguments.isSet(ExportCommand.all) {
      guard arguments.operands.isEmpty else {
        throw .usage("--all cannot be combined with preset names")
      }
      sources = Preset.names.map { IndicatorSource(preset: $0) }
    } else {
      let unknown = arguments.operands.filter {
        !Preset.names.contains($0) && !$0.contains("/") && !$0.hasSuffix(".json") && !FileManager.default.fileExists(atPath: $0)
      }
      guard unknown.isEmpty else {
        let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
        throw .usage(
          "unknown preset\(unknown.count == 1 ? "" : "s") \(names); known presets: \(known), or give the path of a scene file")
      }
      for operand in arguments.operands {
        sources.append(try IndicatorSource(operand, existingFile: FileManager.default.fileExists(atPath:)))
      }
    }
    if let scene = arguments.text(ExportCommand.scene) {
      sources.append(IndicatorSource(scene: scene))
    }
    guard !sources.isEmpty else {
      throw .usage("expects preset names, scene files or --all (presets: \(known))")
    }
    var seen: Set<String> = []
    return sources.filter { seen.insert($0.operand).inserted }
  }
}
