import LoadmarkCore

/// `loadmark list`: the presets and their clips.
enum ListCommand: Subcommand {
  static let name = "list"
  static let summary = "List the presets and their clips"
  static let parser = ArgumentParser(command: name, options: [])

  static var help: String {
    helpText(
      usage: [""],
      about: """
        Lists every preset with its summary, then each of its clips: name, what
        it is sampled over (time or progress), duration, whether it loops, and
        how many frames it has at \(NumberText.exact(Preset.defaultFPS)) fps \
        (\(Preset.defaultProgressSamples) samples for progress clips).
        """,
      parser: parser, exitCodes: [.success, .usage])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    if let operand = arguments.operands.first {
      throw .usage("unexpected argument \"\(operand)\" (list takes no arguments)")
    }
    try Console.output(listing)
    return .success
  }

  /// The listing: per preset a line with its summary, then a row per clip.
  ///
  /// Frame counts come from sampling each preset at the defaults, so they are
  /// exactly what `export` writes.
  static var listing: String {
    var text = ""
    for (index, name) in Preset.names.enumerated() {
      guard let preset = Preset.named(name) else { continue }
      let document = preset.frames()
      if index > 0 { text += "\n" }
      text += "\(name): \(preset.summary)\n"
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
