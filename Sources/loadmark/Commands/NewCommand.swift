import LoadmarkSystem

/// `loadmark new`: writes a documented starter scene.
struct NewCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "new",
      abstract: "Write a documented starter scene to begin your own",
      usage: ["[FILE | -]"],
      discussion: """
        Writes a starter scene (docs/SCENE.md) to FILE, or to standard output with
        no FILE or -: a CAShapeLayer ring whose strokeEnd runs a keyframe animation
        while the layer turns, with a progress clip, every field explained in a
        "comment". Export it with "loadmark export FILE", check it with "loadmark
        validate FILE". An existing FILE is never replaced.
        """,
      operands: [Operand("FILE", summary: "the scene file to write, or - for standard output", completion: .files)],
      options: [ReportOptions.quiet],
      exitCodes: [.success("the scene was written"), .usage, .ioError("the file could not be written")],
      examples: [
        Example("Start a scene of your own from the starter", "new ring.json"),
      ])
  }

  /// The file to write; nil for standard output.
  var path: String?
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(CommandError) {
    guard arguments.operands.count <= 1 else {
      throw .usage("unexpected argument \"\(arguments.operands[1])\" (new takes at most one FILE)")
    }
    quiet = arguments.isSet(ReportOptions.quiet)
    path = arguments.operands.first.flatMap { $0 == DocumentInput.standardInputOperand ? nil : $0 }
    if let path, FileSystem.exists(path) {
      throw .usage("\(path) exists; give a new file name (new never replaces a file)")
    }
  }

  func run() throws(CommandError) -> ExitCode {
    guard let path else {
      try Console.output(NewCommand.starter)
      return .success
    }
    try OutputFiles.write(texts: [(path, NewCommand.starter)], quiet: quiet)
    return .success
  }
}
