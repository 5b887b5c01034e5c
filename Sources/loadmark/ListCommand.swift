import Foundation
import LoadmarkCore
import LoadmarkJSON

/// `loadmark list`: the presets, or the scenes in a folder, and their clips.
enum ListCommand: Subcommand {
  static let name = "list"
  static let summary = "List the presets, or the scenes in a folder, and their clips"
  static let parser = ArgumentParser(command: name, options: [])

  static var help: String {
    helpText(
      usage: ["", "FOLDER"],
      about: """
        Lists every preset with its summary, then each of its clips: name, what
        it is sampled over (time or progress), duration, whether it loops, and
        how many frames it has at \(NumberText.exact(Preset.defaultFPS)) fps \
        (\(Preset.defaultProgressSamples) samples for progress clips). With a
        FOLDER, lists the scenes in it instead (its *.json files whose "format" is
        "loadmark-scene", by file name); a scene that does not read is reported on
        standard error with its position (as is any *.scene.json file that does
        not parse), and the exit code is 65.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard arguments.operands.count <= 1 else {
      throw .usage("unexpected argument \"\(arguments.operands[1])\" (list takes at most one folder)")
    }
    guard let folder = arguments.operands.first else {
      try Console.output(listing(Preset.names.map { (Preset.named($0)!) }))
      return .success
    }
    return try listFolder(folder)
  }

  /// The scenes in `folder`, sorted by file name.
  static func listFolder(_ folder: String) throws(CommandError) -> ExitCode {
    guard OutputDirectory.exists(folder) else {
      throw .usage("\"\(folder)\" is not a folder (list takes a folder of scenes)")
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
    } catch {
      throw .io("cannot list \"\(folder)\": \(error.localizedDescription)")
    }
    var scenes: [Preset] = []
    var sawInvalid = false
    for file in names {
      let path = folder + (folder.hasSuffix("/") ? "" : "/") + file
      // Frame documents and other JSON files are not scenes; a file named
      // like a scene is reported even when it does not parse.
      guard file.hasSuffix(".scene.json") || LoadmarkFile.declaresScene(path: path) else { continue }
      do {
        if case .scene(let preset) = try LoadmarkFile.read(path: path) { scenes.append(preset) }
      } catch {
        Console.error("loadmark \(name): \(error.description)\n")
        sawInvalid = true
      }
    }
    try Console.output(scenes.isEmpty ? "no scenes in \(folder)\n" : listing(scenes))
    return sawInvalid ? .dataError : .success
  }

  /// The listing: per indicator a line with its summary, then a row per clip.
  ///
  /// Frame counts come from sampling each indicator at the defaults, so they
  /// are exactly what `export` writes.
  static func listing(_ presets: [Preset]) -> String {
    var text = ""
    for (index, preset) in presets.enumerated() {
      let document = preset.frames()
      if index > 0 { text += "\n" }
      text += "\(preset.name): \(preset.summary)\n"
      var rows: [[String]] = []
      for (definition, clip) in zip(preset.clips, document.clips) {
        let isTime = clip.index == .time
        rows.append([
          "  " + clip.name,
          clip.index.rawValue,
          isTime ? NumberText.exact(clip.duration) + " s" : "-",
          isTime ? (clip.loop ? "loop" : "one-shot") : "-",
          NumberText.counted(clip.frameCount, "frame"),
          definition.summary,
        ])
      }
      text += TextTable(rows: rows).text
    }
    return text
  }
}
