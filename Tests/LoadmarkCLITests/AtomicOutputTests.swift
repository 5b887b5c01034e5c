import Foundation
import Testing

/// Failed exports leave existing files untouched and no temporary files.
struct AtomicOutputTests {
  @Test func aRejectedOptionLeavesTheExistingFileAlone() throws {
    let sandbox = try Sandbox()
    try sandbox.write("previous contents\n", to: "existing.json")
    let export = try sandbox.run("export", "success", "--color", "#12345", "-o", "existing.json")
    #expect(export.status == 64)
    #expect(export.standardError == "loadmark export: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"#12345\"\n")
    #expect(try sandbox.text("existing.json") == "previous contents\n")
    #expect(try sandbox.listing() == ["existing.json"])
  }

  @Test func aSuccessfulExportReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("previous contents\n", to: "existing.json")
    #expect(try sandbox.run("export", "success", "-o", "existing.json").status == 0)
    #expect(try sandbox.text("existing.json").hasPrefix("{\"format\":\"loadmark\""))
    #expect(try sandbox.listing() == ["existing.json"])
  }

  @Test func anUnwritableLocationIsAnIOErrorAndCreatesNothing() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "-o", "/proc/loadmark.json")
    #expect(export.status == 74)
    #expect(export.standardError.hasPrefix("loadmark export: /proc/loadmark.json: open: "))
    #expect(!FileManager.default.fileExists(atPath: "/proc/loadmark.json"))
    let procEntries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
    #expect(!procEntries.contains { $0.hasPrefix(".loadmark.json.tmp") })
    #expect(try sandbox.listing() == [])
  }

  @Test func aMissingParentDirectoryIsAnIOError() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "-o", "missing/success.json")
    #expect(export.status == 74)
    #expect(export.standardError == "loadmark export: missing/success.json: open: No such file or directory\n")
    #expect(try sandbox.listing() == [])
  }

  @Test func aFailedRenameKeepsTheTargetAndRemovesTheTemporaryFile() throws {
    // A directory in the way of the target: staging succeeds, rename fails.
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("out/dots.json"), withIntermediateDirectories: true)
    try sandbox.write("keep\n", to: "out/dots.json/inside")
    let export = try sandbox.run("export", "dots", "-o", "out/")
    #expect(export.status == 74)
    #expect(export.standardError.hasPrefix("loadmark export: out/dots.json: rename: "))
    #expect(try sandbox.listing("out") == ["dots.json"])
    #expect(try sandbox.text("out/dots.json/inside") == "keep\n")
  }
}

/// What an output file keeps of the file it replaces, and what never
/// happens to it (docs/CLI.md, "Output files").
struct OutputRulesTests {
  /// The permission bits of `path`.
  func permissions(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  @Test func theReplacedFilesPermissionsAreKept() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old\n", to: "private.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.path("private.json"))
    try sandbox.write("old\n", to: "shared.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o664], ofItemAtPath: sandbox.path("shared.json"))
    #expect(try sandbox.run("export", "dots", "-o", "private.json").status == 0)
    #expect(try sandbox.run("html", "dots", "-o", "shared.json").status == 0)
    #expect(try permissions(sandbox.path("private.json")) == 0o600)
    #expect(try permissions(sandbox.path("shared.json")) == 0o664)
    #expect(try sandbox.text("private.json").hasPrefix(#"{"format":"loadmark""#))
  }

  @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
  func theReplacedFilesOwnerIsKeptWhenRunningAsRoot() throws {
    let sandbox = try Sandbox()
    try sandbox.write("old\n", to: "owned.json")
    #expect(chown(sandbox.path("owned.json"), 1234, 5678) == 0)
    #expect(try sandbox.run("export", "dots", "-o", "owned.json").status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.path("owned.json"))
    #expect(attributes[.ownerAccountID] as? Int == 1234)
    #expect(attributes[.groupOwnerAccountID] as? Int == 5678)
  }

  @Test func aSymbolicLinkIsWrittenThroughAndStays() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("real"), withIntermediateDirectories: false)
    try sandbox.write("old\n", to: "real/dots.json")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.json"), withDestinationPath: "real/dots.json")
    let result = try sandbox.run("export", "dots", "-o", "link.json")
    #expect(result.status == 0)
    #expect(result.standardError == "wrote link.json (1119 bytes)\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("link.json")) == "real/dots.json")
    #expect(try sandbox.text("real/dots.json").hasPrefix(#"{"format":"loadmark""#))
    #expect(try sandbox.listing() == ["link.json", "real"])
    #expect(try sandbox.listing("real") == ["dots.json"])

    // A link to a file not yet there creates it, as a shell's > would.
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("ahead.json"), withDestinationPath: "real/new.json")
    #expect(try sandbox.run("export", "dots", "-o", "ahead.json").status == 0)
    #expect(try sandbox.listing("real") == ["dots.json", "new.json"])
  }

  @Test func aNameOf245BytesWorks() throws {
    let sandbox = try Sandbox()
    let name = String(repeating: "n", count: 240) + ".json"
    let result = try sandbox.run("export", "dots", "-o", name)
    #expect(result.status == 0)
    #expect(try sandbox.listing() == [name])
    #expect(try sandbox.run("html", name, "-o", String(repeating: "p", count: 250) + ".html").status == 0)
  }

  @Test func leftoverTemporaryFilesAreNeverInTheWay() throws {
    let sandbox = try Sandbox()
    // Older builds staged into `.<name>.tmp-<pid>` with O_EXCL, so a file
    // left by a killed run under the same pid made export fail. Leave one
    // for every pid the next runs are likely to get.
    let last = Int((try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    let leftovers = (last..<(last + 300)).map { ".out.json.tmp-\($0)" } + [".loadmark-leftover"]
    for leftover in leftovers { try sandbox.write("partial", to: leftover) }
    let result = try sandbox.run("export", "dots", "-o", "out.json")
    #expect(result.status == 0)
    #expect(result.standardError == "wrote out.json (1119 bytes)\n")
    #expect(try sandbox.listing() == (leftovers + ["out.json"]).sorted())
  }

  @Test func aRunNeverShowsATemporaryFileAndAKillLeavesNone() throws {
    let sandbox = try Sandbox()
    // About 12 MB of full-precision numbers: a write long enough to watch.
    let arguments = ["export", "refresh", "--progress-samples", "50000", "--precision", "full", "-o", "big.json"]
    /// The export, started in the sandbox and not waited for.
    func start() throws -> Process {
      let process = Process()
      process.executableURL = try LoadmarkTool.executable.get()
      process.arguments = arguments
      process.currentDirectoryURL = sandbox.url
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    let process = try start()
    var seen: Set<String> = []
    while process.isRunning {
      seen.formUnion(try sandbox.listing())
    }
    #expect(process.terminationStatus == 0)
    #expect(seen.subtracting(["big.json"]).isEmpty, "\(seen)")

    // Killed at several points of a second run, the old file stays whole
    // and nothing else appears.
    let complete = try sandbox.data("big.json")
    for delay in [0.05, 0.2, 0.4, 0.8, 1.2] {
      let run = try start()
      Thread.sleep(forTimeInterval: delay)
      kill(run.processIdentifier, SIGKILL)
      run.waitUntilExit()
      #expect(try sandbox.listing() == ["big.json"], "killed after \(delay) s")
      #expect(try sandbox.data("big.json") == complete, "killed after \(delay) s")
    }
  }

  @Test func aFIFOIsWrittenInPlace() throws {
    // A FIFO stands for devices such as /dev/stdout, and can be tested
    // without touching /dev: replacing the target would turn it into a
    // regular file, as older builds did.
    let sandbox = try Sandbox()
    let fifo = sandbox.path("pipe.json")
    #expect(mkfifo(fifo, 0o644) == 0)
    // Opened for reading and writing, the FIFO never blocks the writer and
    // keeps what it writes (1119 bytes fit its buffer) until read here.
    let reader = open(fifo, O_RDWR | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    let result = try sandbox.run("export", "dots", "-o", "pipe.json")
    #expect(result.status == 0)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = read(reader, &buffer, buffer.count)
    #expect(count == 1119)
    #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).hasPrefix(#"{"format":"loadmark""#))
    var status = stat()
    #expect(lstat(fifo, &status) == 0)
    #expect(status.st_mode & S_IFMT == S_IFIFO)
    #expect(try sandbox.listing() == ["pipe.json"])
  }

  @Test func anOutputThatIsAnInputIsRefused() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "in.json").status == 0)
    let original = try sandbox.data("in.json")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("alias.json"), withDestinationPath: "in.json")
    for (input, output) in [("in.json", "in.json"), ("in.json", "./in.json"), ("alias.json", "in.json"), ("in.json", "alias.json")] {
      let result = try sandbox.run("html", input, "-o", output)
      #expect(result.status == 64)
      #expect(result.standardError == "loadmark html: output \(output) is the input \(input); write to another file\n")
      #expect(try sandbox.data("in.json") == original)
    }
    // The gallery's --wasm module, were it where the gallery writes its own.
    try FileManager.default.createDirectory(atPath: sandbox.path("site"), withIntermediateDirectories: false)
    try Data([0x00, 0x61, 0x73, 0x6D, 1, 0, 0, 0]).write(to: sandbox.url.appendingPathComponent("site/loadmark.wasm"))
    let gallery = try sandbox.run("gallery", "-o", "site", "--wasm", "site/loadmark.wasm")
    #expect(gallery.status == 64)
    #expect(gallery.standardError == "loadmark gallery: output site/loadmark.wasm is the input site/loadmark.wasm; write to another file\n")
    #expect(try sandbox.listing("site") == ["loadmark.wasm"])
  }

  /// Runs `loadmark arguments` in `sandbox` with standard input redirected
  /// from the file `input` there, as `loadmark … < input` does.
  func run(_ sandbox: Sandbox, _ arguments: [String], from input: String) throws -> (status: Int32, error: String) {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let script = #"exec "$0" "$@" < "$LOADMARK_INPUT""#
    let run = try Subprocess.run(
      shell, ["-c", script, try LoadmarkTool.executable.get().path] + arguments, in: sandbox.url,
      environment: ["LOADMARK_INPUT": input])
    return (run.status, String(decoding: run.error, as: UTF8.self))
  }

  @Test func standardInputThatIsTheOutputIsRefused() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "in.json", "-q").status == 0)
    #expect(try sandbox.run("new", "ring.json", "-q").status == 0)
    let original = try sandbox.data("in.json")
    try FileManager.default.createSymbolicLink(atPath: sandbox.path("alias.json"), withDestinationPath: "in.json")
    for (command, arguments, input) in [
      ("html", ["html", "-", "-o", "in.json"], "in.json"),
      ("html", ["html", "-", "-o", "./alias.json"], "in.json"),
      ("html", ["html", "-", "-o", "in.json"], "alias.json"),
      ("export", ["export", "-", "-o", "in.json"], "in.json"),
      ("export", ["export", "-", "--format", "lottie", "-o", "in.json"], "in.json"),
    ] {
      let output = arguments[arguments.count - 1]
      let result = try run(sandbox, arguments, from: input)
      #expect(result.status == 64, "\(arguments) < \(input)")
      #expect(result.error == "loadmark \(command): output \(output) is the input - (standard input); write to another file\n")
      #expect(try sandbox.data("in.json") == original)
    }
    let compile = try run(sandbox, ["compile", "-", "-o", "ring.json"], from: "ring.json")
    #expect(compile.status == 0)
    #expect(compile.error == "wrote ring.lmscene (316 bytes)\n")
    // Standard input from another file is read as before.
    let page = try run(sandbox, ["html", "-", "-o", "page.html", "-q"], from: "in.json")
    #expect(page.status == 0)
    #expect(try sandbox.listing() == ["alias.json", "in.json", "page.html", "ring.json", "ring.lmscene"])
  }
}
