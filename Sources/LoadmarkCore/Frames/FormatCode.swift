/// A choice of the format (a layer's kind, a role, a clip's index, a line
/// cap or join) whose number in binary forms is its position in the Swift
/// declaration: the WebAssembly description (docs/WASM.md), compiled scenes,
/// and the arrays of the web player's generated vocabulary
/// (`FormatVocabulary`) all count the cases in this one order.
public protocol FormatCode: CaseIterable, Equatable where AllCases == [Self] {}

extension FormatCode {
  /// The case's number: its index in `allCases`.
  public var code: Int {
    Self.allCases.firstIndex(of: self)!
  }

  /// The case numbered `code`, if there is one.
  public init?(code: Int) {
    guard Self.allCases.indices.contains(code) else { return nil }
    self = Self.allCases[code]
  }
}

extension FrameDocument.ShapeKind: FormatCode {}
extension FrameDocument.Role: FormatCode {}
extension FrameDocument.ClipIndex: FormatCode {}
extension LineCap: FormatCode {}
extension LineJoin: FormatCode {}

extension FrameDocument.Role {
  /// The code of an optional role: 0 for none, else the role's ``code`` plus one.
  public static func code(of role: Self?) -> Int {
    role.map { $0.code + 1 } ?? 0
  }
}
