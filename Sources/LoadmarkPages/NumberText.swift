import Foundation

/// How numbers are shown to people: on pages, and in the `loadmark`
/// command's reports.
public enum NumberText {
  /// The shortest text that reads back as `value` (Swift's `description`),
  /// without the `.0` of whole numbers: `60`, `1.5`, `6.283185307179586`.
  public static func exact(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return value.description
  }

  /// At most six significant digits, for deviations: `0.5`, `1.2e-05`.
  public static func short(_ value: Double) -> String {
    String(format: "%.6g", value)
  }

  /// `1 clip`, `3 clips`.
  public static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
