/// Rows of cells printed in aligned columns, two spaces apart, each cell
/// made safe for a terminal (``TerminalText``): cells hold names and paths
/// from documents and command lines.
struct TextTable {
  var rows: [[String]]

  init(rows: [[String]]) {
    self.rows = rows.map { $0.map(TerminalText.escaped) }
  }

  /// Each row on its own line, every column but the last padded to its
  /// widest cell, with no trailing spaces.
  var text: String {
    var widths: [Int] = []
    for row in rows {
      for (column, cell) in row.enumerated() {
        if column == widths.count { widths.append(0) }
        widths[column] = max(widths[column], cell.count)
      }
    }
    var lines: [String] = []
    for row in rows {
      var line = ""
      for (column, cell) in row.enumerated() {
        let isLast = column == row.count - 1
        line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
      }
      while line.hasSuffix(" ") { line.removeLast() }
      lines.append(line)
    }
    return lines.map { $0 + "\n" }.joined()
  }
}
