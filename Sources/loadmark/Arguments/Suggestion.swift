/// "Did you mean …?": the known words nearest to a mistyped one.
///
/// Nearness is the optimal string alignment distance (Levenshtein's
/// insertions, deletions and substitutions, plus swapping two neighbours,
/// each costing 1), so `--fsp` is one step from `--fps` and `exprot` one
/// from `export`. A word is suggested when it is at most one step away per
/// three characters of the typed word (at least 1, at most 2), or when the
/// typed word is the start of exactly one known word (`--out` for
/// `--output`); leading dashes are not counted, nor is case, so `GIF` is
/// nearest `gif`.
///
/// It serves every word the tool knows a list of: options, subcommands, and
/// values (presets, clips, shells, and the values of options that complete
/// from a fixed list, such as formats and colour names).
enum Suggestion {
  /// The known words nearest to `word`, nearest first, in `known`'s order
  /// among equals; empty when none is near enough.
  static func nearest(to word: String, among known: [String]) -> [String] {
    let typed = Array(stem(word))
    guard !typed.isEmpty else { return [] }
    let allowed = max(1, min(2, typed.count / 3))
    var best: [String] = []
    var bestDistance = allowed + 1
    for candidate in known where candidate != word {
      let distance = distance(typed, Array(stem(candidate)))
      if distance < bestDistance {
        best = [candidate]
        bestDistance = distance
      } else if distance == bestDistance && distance <= allowed {
        // Before anything is near, bestDistance is one past what is allowed.
        best.append(candidate)
      }
    }
    if best.isEmpty, typed.count >= 3 {
      let extensions = known.filter { Array(stem($0)).starts(with: typed) }
      if extensions.count == 1 { best = extensions }
    }
    return best
  }

  /// `; did you mean X?` or `; did you mean X or Y?` for `word`, or nothing
  /// when no known word is near: the end of an "unknown …" message.
  static func sentence(for word: String, among known: [String]) -> String {
    let nearest = nearest(to: word, among: known)
    guard let last = nearest.last else { return "" }
    let listed = nearest.count == 1 ? last : nearest.dropLast().joined(separator: ", ") + " or " + last
    return "; did you mean \(listed)?"
  }

  /// The optimal string alignment distance between `a` and `b`.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // rows[i][j]: the distance between the first i of a and the first j of b.
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let substitution = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = best
      }
    }
    return rows[a.count][b.count]
  }

  /// `word` without its leading dashes, in lower case.
  private static func stem(_ word: String) -> String {
    word.drop { $0 == "-" }.lowercased()
  }
}
