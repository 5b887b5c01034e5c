extension SceneCompiler {
  static let commandNames: [StaticString] = ["move", "line", "arc", "close", "rect", "roundedRect", "oval"]

  /// A path from its commands, the way `UIBezierPath` builds one. In a
  /// layer's `draw` list (`dynamic`) an arc's angles may read the layer's
  /// properties; everything else is a number.
  func readPath(_ node: SceneNode, layer index: Int, dynamic: Bool) throws(SceneError) -> ScenePath {
    let commands = try node.array()
    var result = ScenePath()
    result.commandCount = commands.count
    var names: [Expression.Name] = []
    if dynamic {
      for builtIn in LayerProperty.builtIns {
        names.append(Expression.Name(ByteText.bytes(of: builtIn.keyPath), builtIn.property.index))
      }
      for number in layers[index].customs {
        names.append(Expression.Name(customNames[number], LayerProperty.custom(number).index))
      }
    }
    for command in commands {
      try command.rejectUnknownFields(SceneCompiler.commandNames)
      let present = SceneCompiler.commandNames.filter { command.optional($0) != nil }
      guard present.count == 1 else {
        throw command.failure("expected exactly one of \"move\", \"line\", \"arc\", \"close\", \"rect\", \"roundedRect\" or \"oval\"")
      }
      let verb = present[0]
      let argument = try command.required(verb)
      if ByteText.equal(ByteText.bytes(of: verb), "move") {
        result.path.move(to: try argument.point())
      } else if ByteText.equal(ByteText.bytes(of: verb), "line") {
        guard result.path.currentPoint != nil else { throw argument.failure("a line needs a current point: start with \"move\"") }
        result.path.addLine(to: try argument.point())
      } else if ByteText.equal(ByteText.bytes(of: verb), "close") {
        guard try argument.boolean(), let start = result.path.subpaths.last?.start, let current = result.path.currentPoint
        else { throw argument.failure("\"close\" needs a current point and the value true") }
        if current != start { result.path.addLine(to: start) }
      } else if ByteText.equal(ByteText.bytes(of: verb), "arc") {
        try argument.rejectUnknownFields(["center", "radius", "startAngle", "endAngle", "clockwise"])
        let center = try argument.required("center").point()
        let radius = try argument.required("radius").number(.nonNegative)
        let startNode = try argument.required("startAngle")
        let endNode = try argument.required("endAngle")
        let start = try startNode.expression(names)
        let end = try endNode.expression(names)
        let clockwise = try argument.required("clockwise").boolean()
        for (expression, angleNode) in [(start, startNode), (end, endNode)] where !expression.isConstant {
          guard commands.count == 1 else {
            throw angleNode.failure(
              "an arc whose angles follow the layer's properties must be the drawing's only command: "
                + SceneCompiler.drawingEngine + " draws it as an arc layer")
          }
        }
        for (expression, angleNode) in [(start, startNode), (end, endNode)] where expression.isConstant {
          guard expression.value([]).isFinite else { throw angleNode.failure("expected a finite angle") }
        }
        if start.isConstant && end.isConstant {
          result.path.addArc(
            center: center, radius: radius, startAngle: start.value([]), endAngle: end.value([]), clockwise: clockwise)
          let sweep = Arc.resolveSweep(startAngle: start.value([]), endAngle: end.value([]), clockwise: clockwise).sweep
          if commands.count == 1 && sweep.magnitude >= Angle.fullTurn { result.circle = (center, radius) }
        }
        if commands.count == 1 { result.arc = (center, radius, start, end, clockwise) }
      } else if ByteText.equal(ByteText.bytes(of: verb), "rect") {
        let rect = try argument.rect()
        SceneCompiler.appendRoundedRect(rect, cornerRadius: 0, to: &result.path)
      } else if ByteText.equal(ByteText.bytes(of: verb), "roundedRect") {
        try argument.rejectUnknownFields(["rect", "cornerRadius"])
        let rect = try argument.required("rect").rect()
        let cornerRadius = try argument.required("cornerRadius").number(.nonNegative)
        // `Rule.roundedRectCorners`: circular corners; a square whose corners
        // meet is a circle (seed 003's dots).
        if rect.width == rect.height && cornerRadius * 2 >= rect.width {
          let center = Point(rect.origin.x + rect.width / 2, rect.origin.y + rect.height / 2)
          SceneCompiler.appendCircle(center: center, radius: rect.width / 2, to: &result.path)
          if commands.count == 1 { result.circle = (center, rect.width / 2) }
        } else {
          SceneCompiler.appendRoundedRect(rect, cornerRadius: cornerRadius, to: &result.path)
        }
      } else {
        let rect = try argument.rect()
        guard rect.width == rect.height else {
          throw argument.failure(
            "an oval that is not a circle cannot be drawn: " + SceneCompiler.drawingEngine + " draws circular arcs")
        }
        let center = Point(rect.origin.x + rect.width / 2, rect.origin.y + rect.height / 2)
        SceneCompiler.appendCircle(center: center, radius: rect.width / 2, to: &result.path)
        if commands.count == 1 { result.circle = (center, rect.width / 2) }
      }
    }
    return result
  }

  /// A whole circle as its own subpath, from the top, clockwise.
  static func appendCircle(center: Point, radius: Double, to path: inout Path) {
    let arc = Arc(center: center, radius: radius, start: 1.5 * Double.pi, sweep: Angle.fullTurn)
    path.subpaths.append(Path.Subpath(start: arc.startPoint, segments: [.arc(arc)]))
  }

  /// A closed rectangle with circular corners of `cornerRadius` (at most
  /// half the shorter side), clockwise from the top edge.
  static func appendRoundedRect(_ rect: Rect, cornerRadius: Double, to path: inout Path) {
    let (x, y, w, h) = (rect.origin.x, rect.origin.y, rect.width, rect.height)
    let r = min(cornerRadius, min(w, h) / 2)
    let quarter = Double.pi / 2
    var subpath = Path.Subpath(start: Point(x + r, y))
    func line(_ point: Point) {
      let current = subpath.segments.last?.endPoint ?? subpath.start
      if current != point { subpath.segments.append(.line(to: point)) }
    }
    func corner(_ cx: Double, _ cy: Double, _ start: Double) {
      guard r > 0 else { return }
      subpath.segments.append(.arc(Arc(center: Point(cx, cy), radius: r, start: start, sweep: quarter)))
    }
    line(Point(x + w - r, y))
    corner(x + w - r, y + r, 3 * quarter)
    line(Point(x + w, y + h - r))
    corner(x + w - r, y + h - r, 0)
    line(Point(x + r, y + h))
    corner(x + r, y + h - r, quarter)
    line(Point(x, y + r))
    corner(x + r, y + r, 2 * quarter)
    line(Point(x + r, y))
    path.subpaths.append(subpath)
  }
}
