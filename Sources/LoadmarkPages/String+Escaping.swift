extension String {
  /// The string with each Unicode scalar that `replacement` maps replaced by
  /// its text; the others are kept. The page escapers differ only in their
  /// tables.
  func escaping(_ replacement: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let text = replacement(scalar) {
        result += text
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
