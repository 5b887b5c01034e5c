import LoadmarkCore
import LoadmarkJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
#if LOADMARK_FUZZER
  import CLibFuzzer
#endif

/// The document reader under libFuzzer (tools/fuzz).
///
/// Every input goes through the pre-scan and `DocumentReader`; an input it
/// accepts must also survive a round trip: written at full precision and
/// read back, it is the identical document. A crash, a sanitizer report or
/// a failed round trip is a finding.
///
/// Built with `-sanitize=fuzzer,address -D LOADMARK_FUZZER` it is the
/// fuzzer, taking libFuzzer's options; built plainly (as `swift build`
/// does), it runs the same check on each file named on its command line,
/// to reproduce a finding without sanitizers.
@main
enum FuzzReader {
  static func main() {
    #if LOADMARK_FUZZER
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FuzzReader.check(UnsafeRawBufferPointer(start: data, count: size))
        return 0
      }
      exit(status)
    #else
      for path in CommandLine.arguments.dropFirst() {
        contents(of: path).withUnsafeBytes(check)
        print("\(path): ok")
      }
    #endif
  }

  /// One input: read it; if it is a document, write it at full precision
  /// and read that back.
  static func check(_ bytes: UnsafeRawBufferPointer) {
    guard let document = try? DocumentReader.decode(bytes, source: "input") else { return }
    let text = DocumentWriter.encode(document, precision: .full)
    let again: FrameDocument
    do {
      again = try DocumentReader.decode(text, source: "rewritten")
    } catch {
      fatalError("an accepted document was refused after a full-precision round trip: \(error)")
    }
    guard again == document else {
      fatalError("an accepted document changed in a full-precision round trip")
    }
  }

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
