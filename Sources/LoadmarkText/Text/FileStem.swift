/// The rule for names that output files are named after: a scene's `name`
/// and its clips' names become `<name>.json`, `<name>-<clip>.svg`,
/// `<name>.lmscene` and the like, joined to the `-o` directory as they are.
///
/// Only POSIX portable filename characters (A–Z, a–z, 0–9, `.`, `_`, `-`)
/// are allowed, so a name can never hold a separator, and the first must be
/// a letter, a digit or `_`: that rules out `.` and `..`, hidden files and a
/// file name taken for an option. The scene reader refuses any other name,
/// and the CLI checks every name it makes a file name of with the same rule.
public enum FileStem {
  /// The longest name, in bytes: `<name>-<clip>.sprite.json` of two such
  /// names stays within the 255 bytes a file name may have on common file
  /// systems.
  public static let maximumLength = 100

  /// What a name must be, for messages: "expected <rule>, got …".
  public static let rule: StaticString =
    "a name for output files: at most 100 ASCII letters, digits, \"_\", \"-\" and \".\", the first a letter, digit or \"_\""

  /// Whether `name` may be the start of a file name.
  @inline(never)
  public static func allows(_ name: [UInt8]) -> Bool {
    guard let first = name.first, name.count <= maximumLength, isStart(first) else { return false }
    for byte in name where !isStart(byte) && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-") { return false }
    return true
  }

  /// Whether `name`, as text, may be the start of a file name.
  public static func allows(_ name: String) -> Bool {
    allows(Array(name.utf8))
  }

  /// A letter, a digit or `_`: what a name may start with.
  static func isStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}
