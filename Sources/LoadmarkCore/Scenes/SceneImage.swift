/// A compiled scene as bytes: an ``Indicator`` as the scene reader built it, for
/// engines that should not carry the reader. It keeps everything sampling
/// needs, every number exact; the texts only listings show (the summaries,
/// the layers' names) are left out.
///
/// The WebAssembly engine takes these instead of scene JSON: the reader (a
/// strict JSON parser, the interpreter and its messages) is several times the
/// size of the engine, and a page that plays indicators does not need it.
/// `loadmark compile` writes them; the built-in presets are compiled in.
///
/// Layout: the magic `LMSC`, the version as a varint, then the preset field by
/// field: unsigned LEB128 varints for counts, indices and codes; numbers as a
/// varint 2·zigzag(n) when they are whole numbers n with |n| < 2^29 (most of
/// them: coordinates, 0, 1), else the varint 1 and the IEEE 754 double
/// little-endian, so every value survives exactly; texts as a varint length
/// and their UTF-8 bytes. Reading checks every count,
/// index and nesting against the bytes present and returns nil for anything
/// malformed, never trapping.
public enum SceneImage {
  /// The version this build writes and reads. Version 2 adds the progress
  /// clips' domain and finish, and the colour roles of scene version 2;
  /// version 3 the pivots of figures drawn through a transform.
  public static let version = 3
  static let magic: [UInt8] = [0x4C, 0x4D, 0x53, 0x43]

  /// The largest image the compilers write: 1 MiB, what an engine's input
  /// buffer takes (`lm_input`). Both `loadmark compile` and the scene
  /// compiler module refuse a scene whose image would be larger, with
  /// ``tooLargeMessage``, so that every image written is one an engine loads.
  public static let maximumSize = 1024 * 1024

  /// Why a scene's image is refused: it would be over ``maximumSize``.
  public static var tooLargeMessage: ByteText {
    var message: ByteText = "the compiled scene would be more than "
    message.append(maximumSize)
    message.append(" bytes, more than an engine loads: its scripts repeat too much")
    return message
  }

  /// The image of `preset`.
  public static func encode(_ preset: Indicator) -> [UInt8] {
    encode(preset, limit: .max)!
  }

  /// The image of `preset`, or nil when it would be more than `limit`
  /// bytes: the writer stops there, so that a scene whose script repeats a
  /// large animation many times costs no more than `limit` to refuse.
  public static func encode(_ preset: Indicator, limit: Int) -> [UInt8]? {
    var writer = ImageWriter(limit: limit)
    writer.bytes += magic
    writer.count(version)
    writer.write(preset)
    return writer.bytes.count <= limit ? writer.bytes : nil
  }

  /// Why bytes are not an image this build reads, so that an engine can
  /// tell a file that is no image from one a different version wrote and
  /// from one damaged or cut short.
  public enum Refusal: Equatable, Sendable {
    /// The bytes do not start with the magic.
    case notAnImage
    /// The magic, then a version other than ``version``.
    case otherVersion
    /// This version's image, but a field is out of place, out of range or
    /// past the end, or bytes follow the last.
    case malformed
  }

  /// The preset in `bytes`, or nil when they are not an image this build reads.
  public static func decode(_ bytes: UnsafeRawBufferPointer) -> Indicator? {
    var refusal = Refusal.notAnImage
    return decode(bytes, refusal: &refusal)
  }

  /// The preset in `bytes`, or nil with `refusal` saying why.
  public static func decode(_ bytes: UnsafeRawBufferPointer, refusal: inout Refusal) -> Indicator? {
    var reader = ImageReader(bytes: bytes)
    refusal = .notAnImage
    for byte in magic where reader.byte() != byte { return nil }
    refusal = .malformed
    let found = reader.count()
    guard found == version else {
      // A version cut short is damage, not another version.
      if !reader.failed { refusal = .otherVersion }
      return nil
    }
    let preset = reader.preset()
    guard !reader.failed, reader.offset == bytes.count else { return nil }
    return preset
  }
}

/// Appends an image's fields.
struct ImageWriter {
  var bytes: [UInt8] = []
  /// Past this many bytes the writer stops adding clips' events, figures
  /// and segments (the parts a scene can repeat); the caller then refuses
  /// the image.
  let limit: Int

  var isOver: Bool { bytes.count > limit }

  mutating func count(_ value: Int) {
    var v = UInt64(value)
    repeat {
      let low = UInt8(v & 0x7F)
      v >>= 7
      bytes.append(v == 0 ? low : low | 0x80)
    } while v != 0
  }

  mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

  mutating func number(_ value: Double) {
    if value == value.rounded(.towardZero) && value.magnitude < 536_870_912 && !(value == 0 && value.sign == .minus) {
      let n = Int64(value)
      count(Int((n << 1) ^ (n >> 63)) << 1)
      return
    }
    count(1)
    var bits = value.bitPattern
    for _ in 0..<8 {
      bytes.append(UInt8(bits & 0xFF))
      bits >>= 8
    }
  }

  mutating func text(_ value: [UInt8]) {
    count(value.count)
    bytes += value
  }


  mutating func point(_ p: Point) {
    number(p.x)
    number(p.y)
  }

  mutating func optional(_ value: Double?) {
    flag(value != nil)
    if let value { number(value) }
  }

  mutating func write(_ preset: Indicator) {
    text(preset.nameText.bytes)
    number(preset.width)
    number(preset.height)
    count(preset.layers.count)
    for layer in preset.layers {
      count(layer.parent.map { $0 + 1 } ?? 0)
      count(layer.model.storage.count)
      for value in layer.model.storage { number(value) }
      flag(layer.isHidden)
      number(layer.timing.beginTime)
      number(Double(layer.timing.speed))
      number(layer.timing.timeOffset)
    }
    count(preset.figures.count)
    for figure in preset.figures where !isOver { write(figure) }
    count(preset.clips.count)
    for clip in preset.clips {
      text(clip.nameText.bytes)
      switch clip.kind {
      case .time(let duration, let loop, let start, let script):
        count(0)
        number(duration)
        flag(loop)
        number(start)
        count(script.count)
        for event in script where !isOver {
          number(event.time)
          count(event.layer)
          write(event.action)
        }
      case .progress(let program):
        count(1)
        write(program)
        number(clip.domain.lower)
        number(clip.domain.upper)
        optional(clip.domain.repeatFrom)
        count(clip.finish.map { $0 + 1 } ?? 0)
        flag(clip.animatesImplicitly)
      }
    }
  }

  mutating func write(_ figure: Figure) {
    text(figure.idText.bytes)
    count(figure.layer)
    switch figure.shape {
    case .arc(let center, let radius, let start, let end, let clockwise):
      count(0)
      point(center)
      number(radius)
      write(start)
      write(end)
      flag(clockwise)
    case .trimmedArc(let arc):
      count(1)
      write(arc)
    case .path(let path):
      count(2)
      count(path.subpaths.count)
      for subpath in path.subpaths {
        point(subpath.start)
        count(subpath.segments.count)
        for segment in subpath.segments where !isOver {
          switch segment {
          case .line(let to):
            count(0)
            point(to)
          case .arc(let arc):
            count(1)
            write(arc)
          }
        }
      }
    case .dot(let center, let radius):
      count(3)
      point(center)
      number(radius)
    case .roundedRect(let rect, let cornerRadius):
      count(4)
      point(rect.origin)
      number(rect.width)
      number(rect.height)
      number(cornerRadius)
    }
    write(figure.style.stroke)
    write(figure.style.fill)
    number(figure.style.lineWidth)
    count(figure.style.lineCap.code)
    count(figure.style.lineJoin.code)
    number(figure.style.miterLimit)
    flag(figure.style.shadow != nil)
    if let shadow = figure.style.shadow {
      write(shadow.color)
      number(shadow.opacity)
      point(shadow.offset)
      number(shadow.radius)
    }
    count(Int(figure.roles.rawValue))
    flag(figure.turns)
    count(figure.pivots.count)
    for pivot in figure.pivots {
      count(pivot.layer)
      point(pivot.anchor)
      let s = pivot.sublayerTransform
      flag(!s.isIdentity)
      if !s.isIdentity {
        for value in [s.a, s.b, s.c, s.d, s.tx, s.ty] { number(value) }
      }
    }
  }

  mutating func write(_ arc: Arc) {
    point(arc.center)
    number(arc.radius)
    number(arc.start)
    number(arc.sweep)
  }

  mutating func write(_ color: Color?) {
    flag(color != nil)
    if let color { bytes += [color.red, color.green, color.blue, color.alpha] }
  }

  mutating func write(_ expression: Expression) {
    switch expression {
    case .constant(let value):
      count(0)
      number(value)
    case .variable(let slot):
      count(1)
      count(slot)
    case .unary(let op, let operand):
      count(2)
      count(op == .negate ? 0 : 1)
      write(operand)
    case .binary(let op, let lhs, let rhs):
      count(3)
      count(ImageCodes.binary.firstIndex(of: op)!)
      write(lhs)
      write(rhs)
    case .conditional(let condition, let then, let otherwise):
      count(4)
      write(condition)
      write(then)
      write(otherwise)
    case .call(let function, let arguments):
      count(5)
      count(Expression.Function.all.firstIndex { $0.function == function }!)
      count(arguments.count)
      for argument in arguments { write(argument) }
    }
  }

  mutating func write(_ expression: Expression?) {
    flag(expression != nil)
    if let expression { write(expression) }
  }

  mutating func write(_ action: HostAction) {
    switch action {
    case .add(let animation, let key):
      count(0)
      write(animation)
      flag(key != nil)
      if let key { text(key.bytes) }
    case .remove(let key):
      count(1)
      text(key.bytes)
    case .removeAllAnimations:
      count(2)
    case .set(let property, let value, let implicit):
      count(3)
      count(property.index)
      number(value)
      flag(implicit)
    case .setHidden(let hidden):
      count(4)
      flag(hidden)
    case .setTiming(let field, let value):
      count(5)
      count(ImageCodes.timingFields.firstIndex(of: field)!)
      number(value)
    case .pause:
      count(6)
    case .resume:
      count(7)
    }
  }

  mutating func write(_ timing: MediaTiming) {
    number(timing.beginTime)
    number(timing.duration)
    number(Double(timing.speed))
    number(timing.timeOffset)
    number(Double(timing.repeatCount))
    number(timing.repeatDuration)
    flag(timing.autoreverses)
    count(FillMode.allCases.firstIndex(of: timing.fillMode)!)
  }

  mutating func write(_ function: TimingFunction?) {
    flag(function != nil)
    if let function {
      number(function.x1)
      number(function.y1)
      number(function.x2)
      number(function.y2)
    }
  }

  mutating func write(_ values: [Double]?) {
    flag(values != nil)
    if let values {
      count(values.count)
      for value in values { number(value) }
    }
  }

  mutating func write(_ animation: Animation) {
    switch animation {
    case .basic(let basic):
      count(0)
      count(basic.property.index)
      optional(basic.fromValue)
      optional(basic.toValue)
      optional(basic.byValue)
      write(basic.timing)
      write(basic.timingFunction)
      flag(basic.removedOnCompletion)
      flag(basic.additive)
      flag(basic.cumulative)
      flag(basic.spring != nil)
      if let spring = basic.spring {
        number(spring.mass)
        number(spring.stiffness)
        number(spring.damping)
        number(spring.initialVelocity)
      }
    case .keyframe(let keyframe):
      count(1)
      count(keyframe.property.index)
      write(keyframe.values)
      write(keyframe.keyTimes)
      flag(keyframe.timingFunctions != nil)
      if let functions = keyframe.timingFunctions {
        count(functions.count)
        for function in functions { write(function) }
      }
      count(KeyframeAnimation.CalculationMode.allCases.firstIndex(of: keyframe.calculationMode)!)
      write(keyframe.tension)
      write(keyframe.continuity)
      write(keyframe.bias)
      write(keyframe.timing)
      write(keyframe.timingFunction)
      flag(keyframe.removedOnCompletion)
      flag(keyframe.additive)
      flag(keyframe.cumulative)
    case .group(let group):
      count(2)
      count(group.animations.count)
      for child in group.animations { write(child) }
      write(group.timing)
      write(group.timingFunction)
      flag(group.removedOnCompletion)
    }
  }

  mutating func write(_ program: ScriptProgram) {
    count(program.slotCount)
    number(program.end)
    count(program.routines.count)
    for routine in program.routines {
      count(routine.parameters.count)
      for slot in routine.parameters { count(slot) }
      write(routine.body)
    }
    write(program.items)
  }

  mutating func write(_ items: [ScriptItem]) {
    count(items.count)
    for item in items {
      let header = item.header
      write(header.condition)
      write(header.at)
      write(header.after)
      switch item {
      case .action(let action):
        count(0)
        count(action.layer)
        switch action.verb {
        case .add(let animation, let key):
          count(0)
          write(animation)
          flag(key != nil)
          if let key { text(key.bytes) }
        case .remove(let key):
          count(1)
          text(key.bytes)
        case .removeAll:
          count(2)
        case .set(let assignments, let implicit):
          count(3)
          count(assignments.count)
          for assignment in assignments {
            switch assignment.target {
            case .property(let property):
              count(0)
              count(property.index)
            case .hidden:
              count(1)
            case .timing(let field):
              count(2)
              count(ImageCodes.timingFields.firstIndex(of: field)!)
            }
            write(assignment.value)
          }
          write(implicit)
        case .pause:
          count(4)
        case .resume:
          count(5)
        }
      case .call(let call):
        count(1)
        count(call.routine)
        write(call.arguments)
      case .timer(let timer):
        count(2)
        number(timer.interval)
        count(timer.first)
        optional(timer.until)
        flag(timer.count != nil)
        if let limit = timer.count { count(limit) }
        count(timer.tickSlot)
        write(timer.state)
        write(timer.skip)
        write(timer.update)
        write(timer.body)
      }
    }
  }

  mutating func write(_ values: [SlotValue]) {
    count(values.count)
    for entry in values {
      count(entry.slot)
      write(entry.value)
    }
  }
}

/// The enumerations an image spells by position.
enum ImageCodes {
  static let binary: [Expression.BinaryOperator] = [
    .add, .subtract, .multiply, .divide, .remainder, .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual,
    .and, .or,
  ]
  static let timingFields: [LayerTiming.Field] = [.beginTime, .speed, .timeOffset]
}
