import Foundation

/// `loadmark new`: writes a documented starter scene.
enum NewCommand: Subcommand {
  static let name = "new"
  static let summary = "Write a documented starter scene to begin your own"
  static let parser = ArgumentParser(command: name, options: [])

  static var help: String {
    helpText(
      usage: ["[FILE]"],
      about: """
        Writes a starter scene (docs/SCENE.md) to FILE, or to standard output: a
        CAShapeLayer ring whose strokeEnd runs a keyframe animation while the layer
        turns, with a progress clip, every field explained in a "comment". Export it
        with "loadmark export FILE", check it with "loadmark validate FILE". An
        existing FILE is never replaced.
        """,
      parser: parser, exitCodes: [.success, .usage, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard arguments.operands.count <= 1 else {
      throw .usage("unexpected argument \"\(arguments.operands[1])\" (new takes at most one FILE)")
    }
    guard let path = arguments.operands.first, path != "-" else {
      try Console.output(starter)
      return .success
    }
    guard !FileManager.default.fileExists(atPath: path) else {
      throw .usage("\(path) exists; give a new file name (new never replaces a file)")
    }
    try AtomicFile.writeAll([(path, starter)])
    return .success
  }
}
