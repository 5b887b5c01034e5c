import Foundation
import LoadmarkSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory for one test, removed when the test is done.
final class Scratch {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-system-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` in the directory.
  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `bytes` to `name` and returns its path.
  @discardableResult
  func write(_ bytes: [UInt8], to name: String) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// The names in the directory, sorted, hidden ones included.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }
}

/// Reading through file descriptors, and the one error type.
struct FileDescriptorTests {
  @Test func aFileReadsWhole() throws {
    let scratch = try Scratch()
    let path = try scratch.write(Array(0...255), to: "bytes")
    let file = try FileDescriptor(reading: path)
    #expect(try file.status().regularFileSize == 256)
    #expect(try file.readAll(limit: 256) == Array(0...255))
  }

  @Test func morethanTheLimitIsNil() throws {
    let scratch = try Scratch()
    let path = try scratch.write([UInt8](repeating: 7, count: 100), to: "bytes")
    #expect(try FileDescriptor(reading: path).readAll(limit: 99) == nil)
    #expect(try FileDescriptor(reading: path).readAll(limit: 100)?.count == 100)
  }

  @Test func anEndlessStreamStopsPastTheLimit() throws {
    let file = try FileDescriptor(reading: "/dev/zero")
    #expect(try file.status().regularFileSize == nil)
    #expect(try file.readAll(limit: 1000) == nil)
  }

  @Test func aFailedCallNamesTheCallTheFileAndTheReason() throws {
    let scratch = try Scratch()
    let missing = scratch.file("missing.json")
    let error = try #require(throws: SystemCallError.self) { try FileDescriptor(reading: missing) }
    #expect(error == SystemCallError(call: "open", path: missing, code: ENOENT))
    #expect(error.reason == "No such file or directory")
    #expect(error.description == "\(missing): open: No such file or directory")
    // A directory opens, and reading it is what fails.
    let directory = try FileDescriptor(reading: scratch.path)
    let readError = try #require(throws: SystemCallError.self) { try directory.readAll(limit: 10) }
    #expect(readError.call == "read" && readError.code == EISDIR)
  }

  @Test func writesReachTheFileAndAFileIsNoTerminal() throws {
    let scratch = try Scratch()
    let path = scratch.file("out.txt")
    let file = try FileDescriptor(path: path, flags: O_WRONLY | O_CREAT | O_EXCL)
    try file.write("héllo ")
    try file.write([UInt8(ascii: "!")])
    #expect(!file.isTerminal)
    #expect(file.terminalColumns == nil)
    try file.close()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "héllo !")
  }
}

/// Paths: status, identity, directories.
struct FileSystemTests {
  @Test func directoriesAreMadeWithTheirParentsAndListed() throws {
    let scratch = try Scratch()
    try FileSystem.makeDirectories(scratch.file("a/b/c"))
    try FileSystem.makeDirectories(scratch.file("a/b/c"))
    #expect(FileSystem.isDirectory(scratch.file("a/b/c")))
    try scratch.write([1], to: "a/one")
    try scratch.write([2], to: "a/.two")
    #expect(try FileSystem.entries(ofDirectory: scratch.file("a")).sorted() == [".two", "b", "one"])
    let blocked = try #require(throws: SystemCallError.self) { try FileSystem.makeDirectories(scratch.file("a/one/x")) }
    #expect(blocked.call == "mkdir" && blocked.code == EEXIST)
    let missing = try #require(throws: SystemCallError.self) { try FileSystem.entries(ofDirectory: scratch.file("none")) }
    #expect(missing.call == "opendir" && missing.code == ENOENT)
  }

  @Test func theSameFileHoweverSpelledOrLinked() throws {
    let scratch = try Scratch()
    let path = try scratch.write([1], to: "x.json")
    try FileManager.default.createSymbolicLink(atPath: scratch.file("link.json"), withDestinationPath: "x.json")
    #expect(FileSystem.isSameFile(path, scratch.path + "/./x.json"))
    #expect(FileSystem.isSameFile(path, scratch.file("link.json")))
    #expect(!FileSystem.isSameFile(path, scratch.file("missing.json")))
    #expect(FileSystem.exists(path) && !FileSystem.exists(scratch.file("missing.json")))
  }
}

/// Files replaced all at once.
struct AtomicFileTests {
  @Test func aStagedFileReplacesTheTargetOnlyAtCommit() throws {
    let scratch = try Scratch()
    let path = try scratch.write(Array("old".utf8), to: "target")
    let staged = try AtomicFile.stage(Array("new".utf8), at: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
    try staged.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    #expect(try scratch.listing() == ["target"])
  }

  @Test func aDiscardedFileLeavesNothing() throws {
    let scratch = try Scratch()
    try AtomicFile.stage(Array("new".utf8), at: scratch.file("target")).discard()
    #expect(try scratch.listing() == [])
  }

  @Test func theReplacedFilesPermissionsAreKept() throws {
    let scratch = try Scratch()
    let path = try scratch.write(Array("old".utf8), to: "target")
    #expect(chmod(path, 0o640) == 0)
    try AtomicFile.stage(Array("new".utf8), at: path).commit()
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
  }

  @Test func aMissingDirectoryIsTheFailedOpen() throws {
    let scratch = try Scratch()
    let path = scratch.file("none/target")
    let error = try #require(throws: SystemCallError.self) { try AtomicFile.stage([1], at: path) }
    #expect(error.description == "\(path): open: No such file or directory")
  }
}
