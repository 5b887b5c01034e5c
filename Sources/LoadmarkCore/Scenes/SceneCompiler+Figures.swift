/// A path read from a scene's commands, and what it is when it is one
/// simple figure.
struct ScenePath {
  var path = Path()
  /// The only segment, when the path is a single arc command.
  var arc: (center: Point, radius: Double, start: Expression, end: Expression, clockwise: Bool)?
  /// The circle, when the path is exactly one circle (an oval in a square,
  /// a rounded square whose corners meet, or a full-circle arc).
  var circle: (center: Point, radius: Double)?
  var commandCount = 0
}

extension SceneCompiler {
  static let drawingFields: [StaticString] = [
    "id", "path", "strokeColor", "fillColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "roles",
  ]

  /// Every layer's figures in Core Animation's drawing order: a layer's
  /// background, then its content (a shape layer's path, or a drawing
  /// layer's `draw` list), then its sublayers, then its border.
  mutating func buildFigures() throws(SceneError) -> [Figure] {
    var figures: [Figure] = []
    for index in layers.indices where layers[index].parent == nil {
      try appendFigures(of: index, to: &figures)
    }
    return figures
  }

  /// Collecting errors, a layer whose own drawing fails still has its
  /// sublayers checked; a layer that could not be read is skipped with
  /// its sublayers, which are placed in it.
  mutating func appendFigures(of index: Int, to figures: inout [Figure]) throws(SceneError) {
    guard !layers[index].isBroken else { return }
    var drewContent = false
    do throws(SceneError) {
      try appendContent(of: index, to: &figures)
      drewContent = true
    } catch {
      try recover(error)
    }
    for child in layers.indices where layers[child].parent == index {
      try appendFigures(of: child, to: &figures)
    }
    guard drewContent else { return }
    do { try appendBorder(of: index, to: &figures) } catch { try recover(error) }
  }

  /// A layer's background and content: its path, or its `draw` list.
  mutating func appendContent(of index: Int, to figures: inout [Figure]) throws(SceneError) {
    let entry = layers[index]
    let node = entry.node
    let placement = canvasPlacement(index)
    let roles = try readRoles(node)
    let shadow = try readShadow(node)
    let background = try node.optional("backgroundColor")?.color()
    // The border's fields are read here too, so that their errors come
    // before the content's as the layer is written.
    _ = try node.optional("borderWidth")?.number(.nonNegative)
    _ = try node.optional("borderColor")?.color()
    let cornerRadius = try node.optional("cornerRadius")?.number(.nonNegative) ?? 0
    let pathNode = entry.isShape ? node.optional("path").flatMap { $0.isNull ? nil : $0 } : nil
    // The layer's main drawing takes its id: its path, else its
    // background, else its border; the others add a suffix.
    let backgroundID = pathNode == nil ? entry.id : entry.id + ByteText.bytes(of: "-background")

    if let background {
      // A turned rectangle is drawn upright in its layer, through a transform.
      let pivots = isStill(index) && placement.rotation == 0 ? [] : self.pivots(index)
      let place = pivots.isEmpty ? placement : Placement()
      let origin = place.apply(entry.bounds.origin)
      let k = place.scale
      let rect = Rect(x: origin.x, y: origin.y, width: entry.bounds.width * k, height: entry.bounds.height * k)
      try appendFigure(
        Figure(
          idText: ByteText(backgroundID), layer: index, shape: .roundedRect(rect, cornerRadius: cornerRadius * k),
          style: Style(fill: background, shadow: shadow), roles: roles, pivots: pivots), id: backgroundID,
        at: node.path.field("backgroundColor"), to: &figures)
    }
    if let pathNode {
      let scenePath = try readPath(pathNode, layer: index, dynamic: false)
      var style = try readStyle(node, defaultFill: .black)
      style.shadow = shadow
      try appendShape(scenePath, style: style, roles: roles, layer: index, id: entry.id, at: node, to: &figures)
    }
    if !entry.isShape, let drawNode = node.optional("draw") {
      for item in try drawNode.array() {
        do throws(SceneError) {
          try item.rejectUnknownFields(SceneCompiler.drawingFields)
          let id = try item.required("id").identifier()
          let scenePath = try readPath(try item.required("path"), layer: index, dynamic: true)
          var style = try readStyle(item, defaultFill: nil)
          style.shadow = shadow
          let itemRoles = try readRoles(item).union(roles)
          guard itemRoles.intersection(.colors).rawValue.nonzeroBitCount <= 1 else {
            throw try item.required("roles").failure(
              "a drawing takes one theme colour: \"accent\", \"secondary\" or \"surface\", with its layer's")
          }
          try appendDrawing(scenePath, style: style, roles: itemRoles, layer: index, id: id, at: item, to: &figures)
        } catch {
          try recover(error)
        }
      }
    }
  }

  /// A layer's border, drawn over its sublayers.
  mutating func appendBorder(of index: Int, to figures: inout [Figure]) throws(SceneError) {
    let entry = layers[index]
    let node = entry.node
    let roles = try readRoles(node)
    let shadow = try readShadow(node)
    let background = try node.optional("backgroundColor")?.color()
    let stillPlacement = canvasPlacement(index)
    let pivots = isStill(index) && stillPlacement.rotation == 0 ? [] : self.pivots(index)
    let placement = pivots.isEmpty ? stillPlacement : Placement()
    let borderWidth = try node.optional("borderWidth")?.number(.nonNegative) ?? 0
    let borderColor = try node.optional("borderColor")?.color() ?? Color.black
    let cornerRadius = try node.optional("cornerRadius")?.number(.nonNegative) ?? 0
    let pathNode = entry.isShape ? node.optional("path").flatMap { $0.isNull ? nil : $0 } : nil
    let borderID = pathNode == nil && background == nil ? entry.id : entry.id + ByteText.bytes(of: "-border")
    if borderWidth > 0 {
      let bounds = entry.bounds
      let style = Style(stroke: borderColor, lineWidth: borderWidth * placement.scale, shadow: shadow)
      let figure: Figure
      if bounds.width == bounds.height && cornerRadius * 2 >= bounds.width {
        // A circle: the border's centre line is half its width inside.
        let center = Point(bounds.origin.x + bounds.width / 2, bounds.origin.y + bounds.height / 2)
        let radius = bounds.width / 2 - borderWidth / 2
        figure = Figure(
          idText: ByteText(borderID), layer: index,
          shape: .arc(
            center: placement.apply(center), radius: radius * placement.scale, startAngle: .constant(0),
            endAngle: .constant(Angle.fullTurn), clockwise: true),
          style: style, roles: roles, pivots: pivots)
      } else {
        let inset = borderWidth / 2
        let origin = placement.apply(Point(bounds.origin.x + inset, bounds.origin.y + inset))
        let k = placement.scale
        let rect = Rect(
          x: origin.x, y: origin.y, width: max(0, bounds.width - borderWidth) * k,
          height: max(0, bounds.height - borderWidth) * k)
        figure = Figure(
          idText: ByteText(borderID), layer: index,
          shape: .roundedRect(rect, cornerRadius: max(0, cornerRadius - inset) * k), style: style, roles: roles,
          pivots: pivots)
      }
      try appendFigure(figure, id: borderID, at: node.path.field("borderWidth"), to: &figures)
    }
  }

  /// Adds `figure`, whose id is `id`, refusing a second figure with its id.
  mutating func appendFigure(_ figure: Figure, id: [UInt8], at path: FieldPath, to figures: inout [Figure]) throws(SceneError) {
    guard !figureIDs.contains(id) else {
      throw SceneError(path, "two drawings are called " + ByteText.quoted(id))
    }
    figureIDs.append(id)
    figures.append(figure)
  }

  /// A `CAShapeLayer`'s figure: a dot for one filled, unstroked circle; an
  /// arc for one arc that turns (`Rule.turningArc`); a path otherwise.
  mutating func appendShape(
    _ scenePath: ScenePath, style: Style, roles: Figure.Roles, layer index: Int, id: [UInt8], at node: SceneNode,
    to figures: inout [Figure]
  ) throws(SceneError) {
    let placement = canvasPlacement(index)
    let name = ByteText(id)
    if let circle = scenePath.circle, style.fill != nil, style.stroke == nil,
      drawsInPlace(index, center: placement.apply(circle.center), allowsOwnScale: true)
    {
      let center = placement.apply(circle.center)
      let parentScale = layers[index].parent.map { sublayersPlacement($0).scale } ?? 1
      var dotStyle = style
      dotStyle.lineWidth *= placement.scale
      let radius = parentScale == 1 ? circle.radius : circle.radius * parentScale
      return try appendFigure(
        Figure(idText: name, layer: index, shape: .dot(center: center, radius: radius), style: dotStyle, roles: roles),
        id: id, at: node.path, to: &figures)
    }
    if !isStill(index) || (scenePath.circle != nil && style.fill != nil && style.stroke == nil) {
      if let arc = scenePath.arc, turns(index),
        drawsInPlace(index, center: placement.apply(arcCenter(arc)), allowsOwnScale: false)
      {
        return try appendTurningArc(arc, style: style, roles: roles, layer: index, id: id, at: node, to: &figures)
      }
      return try appendMoving(scenePath, style: style, roles: roles, layer: index, id: id, at: node, to: &figures)
    }
    var shapeStyle = style
    shapeStyle.lineWidth *= placement.scale
    try appendFigure(
      Figure(idText: name, layer: index, shape: .path(placement.apply(scenePath.path)), style: shapeStyle, roles: roles),
      id: id, at: node.path, to: &figures)
  }

  /// The centre of a path's one arc.
  func arcCenter(_ arc: (center: Point, radius: Double, start: Expression, end: Expression, clockwise: Bool)) -> Point {
    arc.center
  }

  /// A `CAShapeLayer` whose one arc turns about its own centre
  /// (`Rule.turningArc`): an arc whose start angle follows the turns.
  mutating func appendTurningArc(
    _ arc: (center: Point, radius: Double, start: Expression, end: Expression, clockwise: Bool), style: Style,
    roles: Figure.Roles, layer index: Int, id: [UInt8], at node: SceneNode, to figures: inout [Figure]
  ) throws(SceneError) {
    let placement = canvasPlacement(index)
    let name = ByteText(id)
    var shapeStyle = style
    shapeStyle.lineWidth *= placement.scale
    do {
      // A shape layer's path is static: its angles are numbers.
      let resolved = Arc(
        center: arc.center, radius: arc.radius, startAngle: arc.start.value([]), endAngle: arc.end.value([]),
        clockwise: arc.clockwise)
      let center = placement.apply(resolved.center)
      let unturned = Placement(scale: placement.scale, rotation: 0, offset: placement.offset)
      var arcShape = unturned.apply(resolved)
      arcShape.center = center
      return try appendFigure(
        Figure(idText: name, layer: index, shape: .trimmedArc(arcShape), style: shapeStyle, roles: roles, turns: true),
        id: id, at: node.path, to: &figures)
    }
  }

  /// A `CAShapeLayer`'s figure drawn through a transform (frame format 3,
  /// `Rule.layerTransform`): its shape in its layer's own coordinates (a
  /// dot for one filled, unstroked circle, an arc for one arc, a path
  /// otherwise), its layer tree's placement in its transform tracks.
  mutating func appendMoving(
    _ scenePath: ScenePath, style: Style, roles: Figure.Roles, layer index: Int, id: [UInt8], at node: SceneNode,
    to figures: inout [Figure]
  ) throws(SceneError) {
    let name = ByteText(id)
    let shape: Figure.Shape
    if let circle = scenePath.circle, style.fill != nil, style.stroke == nil {
      shape = .dot(center: circle.center, radius: circle.radius)
    } else if let arc = scenePath.arc {
      shape = .trimmedArc(
        Arc(
          center: arc.center, radius: arc.radius, startAngle: arc.start.value([]), endAngle: arc.end.value([]),
          clockwise: arc.clockwise))
    } else {
      shape = .path(scenePath.path)
    }
    try appendFigure(
      Figure(idText: name, layer: index, shape: shape, style: style, roles: roles, pivots: pivots(index)),
      id: id, at: node.path, to: &figures)
  }

  /// A drawing of a layer's `draw` list: one arc becomes an arc figure
  /// whose angles follow the layer's properties; anything else a static path.
  mutating func appendDrawing(
    _ scenePath: ScenePath, style: Style, roles: Figure.Roles, layer index: Int, id: [UInt8], at node: SceneNode,
    to figures: inout [Figure]
  ) throws(SceneError) {
    let placement = canvasPlacement(index)
    var drawingStyle = style
    drawingStyle.lineWidth *= placement.scale
    let name = ByteText(id)
    if !isStill(index) && !(scenePath.arc.map { turns(index) && drawsInPlace(index, center: placement.apply($0.center), allowsOwnScale: false) } ?? false) {
      // Drawn through a transform, in the layer's own coordinates.
      let shape: Figure.Shape
      if let arc = scenePath.arc {
        shape = .arc(center: arc.center, radius: arc.radius, startAngle: arc.start, endAngle: arc.end, clockwise: arc.clockwise)
      } else {
        shape = .path(scenePath.path)
      }
      return try appendFigure(
        Figure(idText: name, layer: index, shape: shape, style: style, roles: roles, pivots: pivots(index)),
        id: id, at: node.path, to: &figures)
    }
    if let arc = scenePath.arc {
      let center = placement.apply(arc.center)
      let turning = turns(index)
      var start = arc.start
      var end = arc.end
      // A still rotation is part of the angles; a changing one is a track.
      if !turning && placement.rotation != 0 {
        start = .binary(.add, start, .constant(placement.rotation))
        end = .binary(.add, end, .constant(placement.rotation))
      }
      let radius = placement.scale == 1 ? arc.radius : arc.radius * placement.scale
      return try appendFigure(
        Figure(
          idText: name, layer: index,
          shape: .arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: arc.clockwise),
          style: drawingStyle, roles: roles, turns: turning), id: id, at: node.path, to: &figures)
    }
    try appendFigure(
      Figure(idText: name, layer: index, shape: .path(placement.apply(scenePath.path)), style: drawingStyle, roles: roles),
      id: id, at: node.path, to: &figures)
  }

  /// The `transform.rotation` that turns layer `index` as it stands: its
  /// own, else its nearest ancestor's; the layer itself if none does.
  func turningField(_ index: Int) -> FieldPath {
    var current: Int? = index
    while let layer = current {
      if layers[layer].animated.model[.rotation] != 0 {
        return layers[layer].node.path.field("transform").field("rotation")
      }
      current = layers[layer].parent
    }
    return layers[index].node.path
  }

  /// Whether a script turns layer `index` or one of its ancestors.
  func turns(_ index: Int) -> Bool {
    var current: Int? = index
    while let layer = current {
      if changed[layer][LayerProperty.rotation.index] != nil { return true }
      current = layers[layer].parent
    }
    return false
  }

  /// The properties a script may change that place a layer: what moves,
  /// turns or scales it and what it draws.
  static let placingProperties: [LayerProperty] = [
    .rotation, .scale, .translationX, .translationY, .scaleX, .scaleY, .positionX, .positionY,
  ]

  /// Whether no script moves, scales or turns layer `index` or an ancestor:
  /// its figures are drawn in place, their still placement folded into
  /// their geometry, as format versions 1 and 2 draw every layer.
  func isStill(_ index: Int) -> Bool {
    var current: Int? = index
    while let layer = current {
      for property in SceneCompiler.placingProperties where changed[layer][property.index] != nil { return false }
      current = layers[layer].parent
    }
    return true
  }

  /// Whether a figure centred at `center` on the canvas can be drawn in
  /// place although scripts change its layers (`Rule.turningArc`): they
  /// only turn it (and, `allowsOwnScale`, scale it by its own layer) about
  /// its centre, and move nothing. Otherwise it is drawn through a transform.
  func drawsInPlace(_ index: Int, center: Point, allowsOwnScale: Bool) -> Bool {
    var current: Int? = index
    while let layer = current {
      let changes = changed[layer]
      for property in [LayerProperty.translationX, .translationY, .scaleX, .scaleY, .positionX, .positionY]
      where changes[property.index] != nil {
        return false
      }
      let scales = changes[LayerProperty.scale.index] != nil
      if scales && !(allowsOwnScale && layer == index) { return false }
      if scales || changes[LayerProperty.rotation.index] != nil {
        let pivot = canvasPivot(layer)
        guard (pivot.x - center.x).magnitude <= 1e-6 && (pivot.y - center.y).magnitude <= 1e-6 else { return false }
      }
      current = layers[layer].parent
    }
    return true
  }

  /// The pivots of a figure of layer `index` drawn through a transform:
  /// the layer and each ancestor, with its anchor in its own coordinates.
  func pivots(_ index: Int) -> [Figure.Pivot] {
    var pivots: [Figure.Pivot] = []
    var current: Int? = index
    while let layer = current {
      let entry = layers[layer]
      pivots.append(
        Figure.Pivot(
          layer: layer,
          anchor: Point(
            entry.bounds.origin.x + entry.anchorPoint.x * entry.bounds.width,
            entry.bounds.origin.y + entry.anchorPoint.y * entry.bounds.height),
          sublayerTransform: entry.sublayerPlacement.affine))
      current = entry.parent
    }
    return pivots
  }

  /// Who cannot draw what these refusals refuse: the engine, which does not
  /// yet compose every layer transform into frames, not the frame format
  /// (version 3 carries any affine transform a layer has).
  static var drawingEngine: ByteText { "Loadmark's engine" }

  static func pointText(_ point: Point) -> ByteText {
    "(" + ByteText.number(point.x) + ", " + ByteText.number(point.y) + ")"
  }

  /// `roles`: `"line"`, and at most one theme colour: `"accent"`, or from
  /// scene version 2 `"secondary"` or `"surface"`.
  func readRoles(_ node: SceneNode) throws(SceneError) -> Figure.Roles {
    guard let rolesNode = node.optional("roles") else { return [] }
    var roles: Figure.Roles = []
    for role in try rolesNode.array() {
      let choices: [(name: StaticString, value: Figure.Roles)] =
        version >= 2
        ? [("accent", .accent), ("line", .line), ("secondary", .secondary), ("surface", .surface)]
        : [("accent", .accent), ("line", .line)]
      let value = try role.choice(choices)
      guard roles.intersection(.colors).isEmpty || value.intersection(.colors).isEmpty else {
        throw role.failure("a layer takes one theme colour: \"accent\", \"secondary\" or \"surface\"")
      }
      roles.insert(value)
    }
    return roles
  }

  /// A layer's shadow, when its `shadowOpacity` is above 0; Core
  /// Animation's defaults: black, offset (0, −3), radius 3.
  func readShadow(_ node: SceneNode) throws(SceneError) -> Shadow? {
    let opacity = try node.optional("shadowOpacity")?.number(.unit) ?? 0
    let color = try node.optional("shadowColor")?.color() ?? Color.black
    let offset = try node.optional("shadowOffset")?.point() ?? Point(0, -3)
    let radius = try node.optional("shadowRadius")?.number(.nonNegative) ?? 3
    guard opacity > 0 else { return nil }
    return Shadow(color: color, opacity: opacity, offset: offset, radius: radius)
  }

  /// Stroke and fill colours and line attributes, with `CAShapeLayer`'s
  /// defaults: no stroke, `defaultFill` (opaque black for a shape layer),
  /// width 1, butt caps, miter joins, miter limit 10.
  func readStyle(_ node: SceneNode, defaultFill: Color?) throws(SceneError) -> Style {
    var style = Style()
    if let stroke = node.optional("strokeColor") { style.stroke = try stroke.color() }
    if let fill = node.optional("fillColor") { style.fill = try fill.color() } else { style.fill = defaultFill }
    if let width = node.optional("lineWidth") { style.lineWidth = try width.number(.nonNegative) }
    if let cap = node.optional("lineCap") {
      style.lineCap = try cap.choice([("butt" as StaticString, LineCap.butt), ("round", .round), ("square", .square)])
    }
    if let join = node.optional("lineJoin") {
      style.lineJoin = try join.choice([("miter" as StaticString, LineJoin.miter), ("round", .round), ("bevel", .bevel)])
    }
    if let limit = node.optional("miterLimit") { style.miterLimit = try limit.number(.nonNegative) }
    return style
  }
}
