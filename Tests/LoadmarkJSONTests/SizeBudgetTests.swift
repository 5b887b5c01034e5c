import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// What `loadmark export` writes for a preset must stay small enough to ship
/// inline: every default document at most 7 KB as written and 1.5 KB after
/// `gzip -9`. Sizes are deterministic, so this is an exact check, not a
/// measurement with slack. The raw budget was 6 KB until format version 2,
/// whose refresh `pull` clip spans pulls from 0 to 2 (seed 004 past its
/// threshold, 100 more frames: 7,033 bytes, 1,095 gzipped).
@Suite("Size budget")
struct SizeBudgetTests {
  /// The most bytes a preset's compact document may have as written.
  static let rawBudget = 7 * 1024
  /// The most bytes it may have after `gzip -9`.
  static let gzipBudget = 1536

  @Test("gzip sizes are measured, not guessed: an empty input and a run of one byte")
  func gzipWorks() throws {
    // gzip's header and trailer alone are 20 bytes; a long run squeezes to a few more.
    let empty = try gzipSize(Data())
    #expect(empty == 20)
    let run = try gzipSize(Data(repeating: UInt8(ascii: "a"), count: 6000))
    #expect(run > empty && run < 60)
  }

  @Test("each preset's default compact document is at most 7 KB raw and 1.5 KB gzipped", arguments: Indicator.presetNames)
  func budget(name: String) throws {
    let document = try #require(Indicator.named(name)).frames()
    let text = Data(DocumentWriter.encode(document).utf8)
    let gzipped = try gzipSize(text)
    let sizes = "\(name): \(text.count) bytes raw (budget \(SizeBudgetTests.rawBudget)), "
      + "\(gzipped) bytes gzipped (budget \(SizeBudgetTests.gzipBudget))"
    #expect(text.count <= SizeBudgetTests.rawBudget, "\(sizes)")
    #expect(gzipped <= SizeBudgetTests.gzipBudget, "\(sizes)")
  }
}
