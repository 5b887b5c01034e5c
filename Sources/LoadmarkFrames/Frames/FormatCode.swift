import LoadmarkEngine

/// A choice of the format (a layer's kind, a role, a clip's index, a line
/// cap or join) with a number for binary forms: the WebAssembly description
/// (docs/WASM.md) and compiled scenes write it, and the web player's
/// generated vocabulary (`FormatVocabulary`) lists the choices in its order.
///
/// Each code is the case's position in its declaration, so `allCases[code]`
/// is the case again; the codes are written out here, once, as switches
/// (which the WebAssembly engine compiles to a few bytes, where a search of
/// `allCases` costs hundreds), and LoadmarkJSONTests holds them to the
/// declaration order.
public protocol FormatCode: CaseIterable, Equatable where AllCases == [Self] {
  /// The case's number, from 0.
  var code: Int { get }
}

extension FrameDocument.ShapeKind: FormatCode {
  public var code: Int {
    switch self {
    case .arc: return 0
    case .path: return 1
    case .dot: return 2
    case .roundedRect: return 3
    case .polygon: return 4
    }
  }
}

extension FrameDocument.Role: FormatCode {
  public var code: Int {
    switch self {
    case .accent: return 0
    case .secondary: return 1
    case .surface: return 2
    }
  }

  /// The code of an optional role: 0 for none, else the role's ``code`` plus one.
  public static func code(of role: Self?) -> Int {
    role.map { $0.code + 1 } ?? 0
  }
}

extension FrameDocument.ClipIndex: FormatCode {
  public var code: Int {
    switch self {
    case .time: return 0
    case .progress: return 1
    }
  }
}

extension LineCap: FormatCode {
  public var code: Int {
    switch self {
    case .butt: return 0
    case .round: return 1
    case .square: return 2
    }
  }
}

extension LineJoin: FormatCode {
  public var code: Int {
    switch self {
    case .miter: return 0
    case .round: return 1
    case .bevel: return 2
    }
  }
}
