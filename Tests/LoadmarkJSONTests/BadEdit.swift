import Testing

/// One edit that breaks ``BaseDocument/text``, and the exact error it must give.
struct BadEdit: Sendable, CustomTestStringConvertible {
  var name: String
  var old: String
  var new: String
  var message: String

  init(_ name: String, _ old: String, _ new: String, _ message: String) {
    self.name = name
    self.old = old
    self.new = new
    self.message = message
  }

  var testDescription: String { name }
}
