#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if LOADMARK_FUZZER
  import CLibFuzzer
#endif

/// Loadmark's readers under libFuzzer (tools/fuzz). `--target NAME` picks
/// what each input goes through:
///
/// - `document` (the default): the frame document reader
///   (``DocumentTarget``);
/// - `image`: the compiled scene reader and the engine that samples what it
///   accepts (``ImageTarget``);
/// - `scene`: scene text, through Jansson's reader and LoadmarkCore's side
///   by side, then the image and sampling (``SceneTarget``).
///
/// A crash, a trap, a sanitizer report or a broken promise of a target is a
/// finding. Built with `-sanitize=fuzzer,address -D LOADMARK_FUZZER` it is
/// the fuzzer, taking libFuzzer's options after the target; built plainly
/// (as `swift build` does), it runs the target's check on each file named on
/// its command line, to reproduce a finding without sanitizers.
@main
enum FuzzMain {
  static func main() {
    var arguments = CommandLine.arguments
    var name = "document"
    if arguments.count > 2, arguments[1] == "--target" {
      name = arguments[2]
      arguments.removeSubrange(1...2)
    }
    let check: (UnsafeRawBufferPointer) -> Void
    switch name {
    case "document": check = DocumentTarget.check
    case "image": check = ImageTarget.check
    case "scene": check = SceneTarget.check
    default:
      print("loadmark-fuzz: unknown target \(name); expected document, image or scene")
      exit(64)
    }
    #if LOADMARK_FUZZER
      FuzzMain.target = check
      var argc = Int32(arguments.count)
      let storage = arguments.map { strdup($0) } + [nil]
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = UnsafeMutablePointer.allocate(capacity: storage.count)
      argv!.initialize(from: storage, count: storage.count)
      let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FuzzMain.target(UnsafeRawBufferPointer(start: data, count: size))
        return 0
      }
      exit(status)
    #else
      for path in arguments.dropFirst() {
        contents(of: path).withUnsafeBytes(check)
        print("\(path): ok")
      }
    #endif
  }

  /// The check libFuzzer's callback runs (a C function pointer cannot
  /// capture it).
  nonisolated(unsafe) static var target: (UnsafeRawBufferPointer) -> Void = { _ in }

  /// The bytes of the file at `path` (`fopen`, `fread`).
  static func contents(of path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
  }
}
