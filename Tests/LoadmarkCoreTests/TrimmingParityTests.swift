import Foundation
import LoadmarkCore
import Testing

/// Tests/Fixtures/trimming.json: paths trimmed by strokeStart and strokeEnd,
/// with the pieces derived by hand. The web player's `trace` is held to the
/// same file (web/test/geometry.test.mjs), so both sides of the contract are
/// pinned by one set of values.
@Suite("Trimming parity")
struct TrimmingParityTests {
  struct Case: CustomTestStringConvertible {
    var path: String
    var start: Double
    var end: Double
    var comment: String
    /// Each piece's first point, last point and length.
    var pieces: [(from: Point, to: Point, length: Double)]
    var testDescription: String { "\(path) \(start)…\(end): \(comment)" }
  }

  static func fixture() -> [String: Any] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/trimming.json")
    let data = try! Data(contentsOf: url)
    return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  static func point(_ value: Any?) -> Point {
    let xy = value as! [Double]
    return Point(xy[0], xy[1])
  }

  /// A path as a path layer's `subpaths` write it; an arc is [cx, cy, r, start, sweep].
  static func path(_ name: String) -> Path {
    let paths = fixture()["paths"] as! [String: [String: Any]]
    let subpaths = paths[name]!["subpaths"] as! [[String: Any]]
    return Path(subpaths.map { subpath in
      let segments = (subpath["segments"] as! [[String: Any]]).map { segment -> Path.Segment in
        if let arc = segment["arc"] as? [Double] {
          return .arc(Arc(center: Point(arc[0], arc[1]), radius: arc[2], start: arc[3], sweep: arc[4]))
        }
        return .line(to: point(segment["line"]))
      }
      return Path.Subpath(start: point(subpath["move"]), segments: segments)
    })
  }

  static let cases: [Case] = (fixture()["cases"] as! [[String: Any]]).map { item in
    Case(
      path: item["path"] as! String, start: item["start"] as! Double, end: item["end"] as! Double,
      comment: item["comment"] as! String,
      pieces: (item["pieces"] as! [[String: Any]]).map { piece in
        (point(piece["from"]), point(piece["to"]), piece["length"] as! Double)
      })
  }

  static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

  @Test(arguments: cases)
  func pathTrimmingMatchesTheFixture(_ item: Case) {
    let trimmed = Self.path(item.path).trimmed(from: item.start, to: item.end)
    #expect(trimmed.subpaths.count == item.pieces.count, "pieces")
    for (piece, expected) in zip(trimmed.subpaths, item.pieces) {
      let single = Path([piece])
      let end = single.currentPoint ?? piece.start
      #expect(Self.near(piece.start.x, expected.from.x) && Self.near(piece.start.y, expected.from.y), "from \(piece.start)")
      #expect(Self.near(end.x, expected.to.x) && Self.near(end.y, expected.to.y), "to \(end)")
      #expect(Self.near(single.length, expected.length), "length \(single.length)")
    }
  }

  /// The fixture covers what the issue asks of it: lines, arcs both ways, more
  /// than one subpath, a closed path, and start > 0, start = end, start > end,
  /// 0…1 and fractions out of [0, 1].
  @Test func theFixtureCoversEveryKindOfCase() {
    let cases = Self.cases
    #expect(Set(cases.map(\.path)) == ["polyline", "halfCircle", "anticlockwise", "twoSubpaths", "closedSquare", "lineThenArc"])
    #expect(cases.contains { $0.start > 0 && $0.start < $0.end && !$0.pieces.isEmpty })
    #expect(cases.contains { $0.start == $0.end && $0.pieces.isEmpty })
    #expect(cases.contains { $0.start > $0.end && $0.pieces.isEmpty })
    #expect(cases.contains { $0.start == 0 && $0.end == 1 })
    #expect(cases.contains { $0.start < 0 && $0.end > 1 })
    #expect(cases.contains { $0.pieces.count > 1 })
  }
}
