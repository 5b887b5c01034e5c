/// An arithmetic expression from a scene: `p * 0.85`, `-pi/2 + pi*0.05 -
/// 2*pi*startPross`, `second >= 1`, `90deg`.
///
/// Every operator is one IEEE 754 operation, evaluated left to right with
/// the usual precedence, so an expression copied from a seed's Objective-C
/// gives that code's Doubles bit for bit (`Rule.expressionArithmetic`).
/// Comparisons and logic give 1 or 0; anything but 0 is true.
public indirect enum Expression: Equatable, Sendable {
  case constant(Double)
  /// A variable by slot: a layer property, or a script's variable.
  case variable(Int)
  case unary(UnaryOperator, Expression)
  case binary(BinaryOperator, Expression, Expression)
  /// `condition ? then : otherwise`.
  case conditional(Expression, Expression, Expression)
  case call(Function, [Expression])

  public enum UnaryOperator: Equatable, Sendable {
    case negate, not
  }

  public enum BinaryOperator: Equatable, Sendable {
    case add, subtract, multiply, divide, remainder
    case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
    case and, or
  }

  /// The functions an expression may call, with their argument counts.
  public enum Function: Equatable, Sendable {
    case abs, floor, ceil, round, trunc, sqrt, sin, cos, float, min, max, clamp

    /// The functions by name, for the parser and for messages.
    package static let all: [(name: StaticString, function: Function, arguments: ClosedRange<Int>)] = [
      ("abs", .abs, 1...1), ("floor", .floor, 1...1), ("ceil", .ceil, 1...1), ("round", .round, 1...1),
      ("trunc", .trunc, 1...1), ("sqrt", .sqrt, 1...1), ("sin", .sin, 1...1), ("cos", .cos, 1...1),
      ("float", .float, 1...1), ("min", .min, 2...8), ("max", .max, 2...8), ("clamp", .clamp, 3...3),
    ]
  }

  /// The value with `variables` in the slots the expression reads; a slot
  /// past the end reads 0.
  public func value(_ variables: [Double]) -> Double {
    switch self {
    case .constant(let value):
      return value
    case .variable(let slot):
      return slot < variables.count ? variables[slot] : 0
    case .unary(let op, let operand):
      let x = operand.value(variables)
      switch op {
      case .negate: return -x
      case .not: return x == 0 ? 1 : 0
      }
    case .binary(let op, let lhs, let rhs):
      return Expression.apply(op, lhs.value(variables), rhs.value(variables))
    case .conditional(let condition, let then, let otherwise):
      return condition.value(variables) != 0 ? then.value(variables) : otherwise.value(variables)
    case .call(let function, let arguments):
      return Expression.call(function, arguments.map { $0.value(variables) })
    }
  }

  /// One operator on two values.
  @inline(never)
  static func apply(_ op: BinaryOperator, _ a: Double, _ b: Double) -> Double {
    switch op {
    case .add: return a + b
    case .subtract: return a - b
    case .multiply: return a * b
    case .divide: return a / b
    // a − b·trunc(a/b): C's `%` for whole numbers below 2^53.
    case .remainder: return a - b * (a / b).rounded(.towardZero)
    case .less: return a < b ? 1 : 0
    case .lessOrEqual: return a <= b ? 1 : 0
    case .greater: return a > b ? 1 : 0
    case .greaterOrEqual: return a >= b ? 1 : 0
    case .equal: return a == b ? 1 : 0
    case .notEqual: return a != b ? 1 : 0
    case .and: return a != 0 && b != 0 ? 1 : 0
    case .or: return a != 0 || b != 0 ? 1 : 0
    }
  }

  /// One function on its arguments (their count checked by the parser).
  @inline(never)
  static func call(_ function: Function, _ x: [Double]) -> Double {
    switch function {
    case .abs: return x[0].magnitude
    case .floor: return x[0].rounded(.down)
    case .ceil: return x[0].rounded(.up)
    // Half away from zero, as C's round() and Swift's rounded().
    case .round: return x[0].rounded()
    case .trunc: return x[0].rounded(.towardZero)
    case .sqrt: return x[0].squareRoot()
    case .sin: return Angle.sine(x[0])
    case .cos: return Angle.cosine(x[0])
    // `[NSNumber numberWithFloat:]`, CGFloat to float: rounded to float32
    // (Rule.float32Values).
    case .float: return Double(Float(x[0]))
    case .min: return x.dropFirst().reduce(x[0]) { $1 < $0 ? $1 : $0 }
    case .max: return x.dropFirst().reduce(x[0]) { $1 > $0 ? $1 : $0 }
    case .clamp: return x[0] < x[1] ? x[1] : (x[0] > x[2] ? x[2] : x[0])
    }
  }

  /// Whether the expression reads no variable, so it has one value.
  public var isConstant: Bool {
    switch self {
    case .constant: return true
    case .variable: return false
    case .unary(_, let operand): return operand.isConstant
    case .binary(_, let lhs, let rhs): return lhs.isConstant && rhs.isConstant
    case .conditional(let c, let a, let b): return c.isConstant && a.isConstant && b.isConstant
    case .call(_, let arguments): return arguments.allSatisfy { $0.isConstant }
    }
  }

  /// Whether the expression reads slot `slot`.
  public func reads(_ slot: Int) -> Bool {
    switch self {
    case .constant: return false
    case .variable(let s): return s == slot
    case .unary(_, let operand): return operand.reads(slot)
    case .binary(_, let lhs, let rhs): return lhs.reads(slot) || rhs.reads(slot)
    case .conditional(let c, let a, let b): return c.reads(slot) || a.reads(slot) || b.reads(slot)
    case .call(_, let arguments): return arguments.contains { $0.reads(slot) }
    }
  }
}
