import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Reading files")
struct FileTests {
  /// The read error for `path`, which must fail.
  func failure(_ path: String) throws -> DocumentError {
    try #require(throws: DocumentError.self) { try DocumentReader.read(path: path) }
  }

  @Test("a written file reads back, with its path as the source")
  func readWritten() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("sample.json", Array(DocumentWriter.encode(Samples.document, precision: .full).utf8))
    #expect(try DocumentReader.read(path: path) == Samples.document)
    let broken = try directory.file("broken.json", Array(#"{"format":"loadmark","version":7}"#.utf8))
    #expect(try failure(broken).description == "\(broken): version: unsupported version 7; this build reads versions 1, 2 and 3")
  }

  @Test("a missing file and a directory give the system's reason")
  func unreadable() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.url.appendingPathComponent("missing.json").path
    #expect(try failure(missing).description == "\(missing): cannot read \"\(missing)\": No such file or directory")
    let folder = directory.url.path
    #expect(try failure(folder).description == "\(folder): cannot read \"\(folder)\": Is a directory")
  }

  @Test("a file over 16 MiB is refused by its size, before it is parsed")
  func tooLarge() throws {
    let directory = try TemporaryDirectory()
    // Spaces alone are not JSON: had the file been parsed, the error would be
    // a parse error rather than the size.
    let path = try directory.file("large.json", Array(repeating: UInt8(ascii: " "), count: DocumentReader.maximumFileSize + 1))
    let error = try failure(path)
    #expect(error.location == .file)
    #expect(error.description == "\(path): file is 16777217 bytes; the limit is 16777216 (16 MiB)")
  }

  @Test("a file of exactly 16 MiB is parsed")
  func atLimit() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("spaces.json", Array(repeating: UInt8(ascii: " "), count: DocumentReader.maximumFileSize))
    #expect(try failure(path).description == "\(path):1:16777216: '[' or '{' expected near end of file")
  }

  @Test("a stream with no size up front is cut off at the limit")
  func endlessStream() throws {
    #expect(try failure("/dev/zero").description == "/dev/zero: file is over 16777216 bytes; the limit is 16777216 (16 MiB)")
    #expect(try failure("/dev/null").description == "/dev/null:1:0: '[' or '{' expected near end of file")
  }

  @Test("bytes that are not UTF-8 are a parse error with a position")
  func notUTF8() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.file("latin1.json", Array(#"{"preset": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8))
    #expect(try failure(path).description == "\(path):1:15: unable to decode byte 0xe9 near '\"caf'")
  }
}
