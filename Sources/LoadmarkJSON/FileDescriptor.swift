#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file opened for reading, closed (`close`) when the value goes away,
/// or standard input, which stays open.
struct FileDescriptor: ~Copyable {
  /// The descriptor `open` returned, or 0 for standard input.
  private let raw: Int32
  /// Whether this value closes the descriptor; not standard input's.
  private let owned: Bool

  /// Why a file could not be read.
  enum Failure: Error, Equatable {
    /// A system call failed with `errno`.
    case system(errno: Int32)
    /// The regular file is `size` bytes, over the limit; nothing was read.
    case tooLarge(size: Int)
    /// More than `limit` bytes arrived from a file whose size was not known
    /// in advance (a pipe or a device).
    case overLimit(limit: Int)

    /// The system's text for `errno` (`strerror`), such as
    /// `No such file or directory`.
    static func reason(errno: Int32) -> String {
      String(cString: strerror(errno))
    }
  }

  /// The bytes of the file at `path`. A regular file over `limit` bytes is
  /// refused before any is read; any other file once more than `limit` arrive.
  static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
    let file = try FileDescriptor(path: path)
    let size = try file.regularFileSize()
    if let size, size > limit { throw .tooLarge(size: size) }
    return try file.readAll(expected: size ?? 0, limit: limit)
  }

  /// Opens `path` for reading (`open` with `O_RDONLY | O_CLOEXEC`), again if a
  /// signal interrupts the call.
  init(path: String) throws(Failure) {
    while true {
      let raw = open(path, O_RDONLY | O_CLOEXEC)
      if raw >= 0 {
        self.raw = raw
        owned = true
        return
      }
      guard errno == EINTR else { throw .system(errno: errno) }
    }
  }

  /// Standard input, descriptor 0, which the process keeps open.
  init(standardInput: Void) {
    raw = STDIN_FILENO
    owned = false
  }

  /// The bytes of standard input, refused once more than `limit` arrive.
  static func standardInputContents(limit: Int) throws(Failure) -> [UInt8] {
    let input = FileDescriptor(standardInput: ())
    let size = try input.regularFileSize()
    if let size, size > limit { throw .tooLarge(size: size) }
    return try input.readAll(expected: size ?? 0, limit: limit)
  }

  /// Closes the descriptor (`close`) unless it is standard input. Nothing
  /// was written, so a failure to close loses nothing and is not reported.
  deinit {
    if owned { close(raw) }
  }

  /// The size of a regular file (`fstat`); nil for pipes and devices, whose
  /// size is only known after reading them.
  func regularFileSize() throws(Failure) -> Int? {
    var status = stat()
    guard fstat(raw, &status) == 0 else { throw .system(errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(status.st_size)
  }

  /// Reads to the end of the file (`read`), expecting about `expected` bytes
  /// and refusing more than `limit`.
  func readAll(expected: Int, limit: Int) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(expected)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(raw, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno: errno)
      }
      bytes.append(contentsOf: chunk[0..<count])
      // A regular file can grow after fstat, so the limit holds for all files.
      guard bytes.count <= limit else { throw .overLimit(limit: limit) }
    }
  }
}
