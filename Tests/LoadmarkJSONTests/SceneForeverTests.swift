import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// "Repeat forever" as Core Animation code spells it: `repeatCount = HUGE`
/// (32 of NVActivityIndicatorView's 33 files), `HUGE_VALF`, `.infinity`,
/// `Float.greatestFiniteMagnitude` and their Double and CGFloat twins, in
/// `repeatCount` and `repeatDuration`; anywhere else infinity is refused.
@Suite("Repeat forever")
struct SceneForeverTests {
  /// A ring whose strokeEnd runs 0 → 1 in 1 s, linearly, repeated by
  /// `repeat`; the clip lasts 10 s, so a value at 9.5 s shows the tenth cycle.
  static func scene(repeat field: String) -> String {
    #"""
    {
      "format": "loadmark-scene", "version": 2, "name": "forever", "summary": "@", "size": [40, 40],
      "layers": [
        {"id": "ring", "class": "CAShapeLayer", "strokeColor": "red", "fillColor": null, "strokeEnd": 0,
         "path": [{"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "2*pi", "clockwise": true}}]}
      ],
      "clips": [
        {"name": "spin", "duration": 10, "loop": true, "script": [
          {"layer": "ring", "add": {"type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1, \#(field)}}
        ]}
      ]
    }
    """#
  }

  static let spellings = [
    "HUGE", "HUGE_VAL", "HUGE_VALF", ".infinity", "Float.infinity", "Double.infinity", "CGFloat.infinity", "infinity",
    "MAXFLOAT", "FLT_MAX", "Float.greatestFiniteMagnitude", "DBL_MAX", "CGFLOAT_MAX",
    "Double.greatestFiniteMagnitude", "CGFloat.greatestFiniteMagnitude",
  ]

  func compile(_ text: String) throws(DocumentError) -> Indicator {
    try SceneReader.decode(text, source: "forever.scene.json")
  }

  /// strokeEnd at 9.5 s (frame 38 at 4 fps) and 10 s: half way through the
  /// tenth cycle, then the eleventh's start. Without the repeat the animation
  /// would be gone after 1 s and the model value 0 would show.
  func strokeEnds(_ text: String) throws -> (Double?, Double?) {
    let clip = try #require(try compile(text).frames(fps: 4).clip("spin"))
    let track = try #require(clip.track("ring.strokeEnd"))
    return (track.value(at: 38), track.value(at: 2))
  }

  @Test(arguments: SceneForeverTests.spellings)
  func repeatCountSpelledAsInCoreAnimationRepeatsForever(_ spelling: String) throws {
    let (late, early) = try strokeEnds(Self.scene(repeat: #""repeatCount": "\#(spelling)""#))
    #expect(late == 0.5)
    #expect(early == 0.5)
  }

  @Test(arguments: SceneForeverTests.spellings)
  func repeatDurationSpelledAsInCoreAnimationRepeatsForever(_ spelling: String) throws {
    let text = Self.scene(repeat: #""repeatDuration": "\#(spelling)""#)
    let (late, early) = try strokeEnds(text)
    #expect(late == 0.5)
    #expect(early == 0.5)
    // The compiled image (what the wasm engine loads) keeps the endless
    // duration: its frames are the scene's.
    let indicator = try compile(text)
    let image = SceneImage.encode(indicator)
    let decoded = try #require(image.withUnsafeBytes { SceneImage.decode($0) })
    #expect(decoded.frames(fps: 4) == indicator.frames(fps: 4))
  }

  /// The spellings' values, derived from their definitions: C's HUGE family
  /// and Swift's infinities are +∞; float's largest value is (2 − 2⁻²³)·2¹²⁷;
  /// double's (and 64-bit CGFloat's) (2 − 2⁻⁵²)·2¹⁰²³.
  @Test func theSpellingsMeanWhatTheirLanguagesSay() throws {
    let floatMax = (2 - 1 / 8_388_608.0) * 1.7014118346046923e38  // 2¹²⁷ = 1.7014118346046923e38
    let doubleMax = (2 - 1 / 4_503_599_627_370_496.0) * 8.98846567431158e307  // 2¹⁰²³
    let expected: [(String, Double)] = [
      ("HUGE", .infinity), ("HUGE_VAL", .infinity), ("HUGE_VALF", .infinity), (".infinity", .infinity),
      ("Float.infinity", .infinity), ("Double.infinity", .infinity), ("CGFloat.infinity", .infinity),
      ("MAXFLOAT", floatMax), ("FLT_MAX", floatMax), ("Float.greatestFiniteMagnitude", floatMax),
      ("DBL_MAX", doubleMax), ("CGFLOAT_MAX", doubleMax), ("Double.greatestFiniteMagnitude", doubleMax),
      ("CGFloat.greatestFiniteMagnitude", doubleMax),
    ]
    for (spelling, value) in expected {
      #expect(try Expression.parse(Array(spelling.utf8), names: []).value([]) == value, "\(spelling)")
    }
    // `.5` is still a number, and an unknown member is named in full.
    #expect(try Expression.parse(Array(".5".utf8), names: []).value([]) == 0.5)
    let unknown = try #require(throws: Expression.ParseError.self) {
      try Expression.parse(Array(".infinite".utf8), names: [])
    }
    #expect(unknown.message.string == #"unknown name ".infinite""#)
  }

  /// Where Core Animation gives infinity no meaning of "forever", HUGE is
  /// refused with a message that says where it does mean forever.
  @Test(arguments: ["duration", "beginTime", "speed", "timeOffset"])
  func infinityElsewhereIsRefusedSayingWhereItMeansForever(_ field: String) throws {
    let text = Self.scene(repeat: #""repeatCount": 2, "\#(field)": "HUGE""#).replacingOccurrences(
      of: #""duration": 1, "repeatCount": 2, "duration""#, with: #""repeatCount": 2, "duration""#)
    let message = try #require(throws: DocumentError.self) { try compile(text) }.description
    #expect(message.hasSuffix(
      "\(field): expected a finite number, got infinity; infinity means \"forever\" only in repeatCount and repeatDuration"),
      "\(message)")
  }

  /// The names docs/SCENE.md's "Constants:" item quotes, less the fields it
  /// names beside them.
  static func documentedConstants(in text: String) -> Set<String> {
    guard let item = text.components(separatedBy: "\n- Constants:").dropFirst().first?
      .components(separatedBy: "\n- ").first
    else { return [] }
    let quoted = item.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    let fields: Set<String> = ["repeatCount", "repeatDuration", "duration", "beginTime", "speed", "timeOffset"]
    return Set(quoted).subtracting(fields)
  }

  /// docs/SCENE.md's list of constants is the parser's table: every name it
  /// knows, and no other.
  @Test func sceneMDListsEveryConstant() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/SCENE.md"), encoding: .utf8)
    let known = Set(Expression.constants.map { "\($0.name)" })
    #expect(Self.documentedConstants(in: text) == known)
    // Perturbed: a name dropped from the docs, or one added, is caught.
    let dropped = text.replacingOccurrences(of: "`FLT_MAX`,", with: "")
    #expect(Self.documentedConstants(in: dropped) != known)
    let added = text.replacingOccurrences(of: "`HUGE_VAL`,", with: "`HUGE_VAL`, `INFINITY`,")
    #expect(Self.documentedConstants(in: added) != known)
  }

  /// A negative infinity repeats nothing: refused as out of range.
  @Test func negativeHugeIsRefused() throws {
    let message = try #require(throws: DocumentError.self) {
      try compile(Self.scene(repeat: #""repeatCount": "-HUGE""#))
    }.description
    #expect(message.contains("repeatCount: expected"), "\(message)")
  }
}
