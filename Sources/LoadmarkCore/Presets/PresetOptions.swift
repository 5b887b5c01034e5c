/// How to adapt a preset: size, colour, line width and speed. The defaults
/// reproduce the seed.
public struct PresetOptions: Equatable, Sendable {
  /// Uniform scale of the whole indicator (geometry, line widths, shadows).
  public var scale: Double
  /// A canvas size; the indicator is scaled to fit and centred. Overrides `scale`.
  public var size: (width: Double, height: Double)?
  /// Replaces the accent colour (the seed's stroke or dot colour).
  public var color: Color?
  /// The stroke width of the indicator's lines, in output points.
  public var lineWidth: Double?
  /// Playback rate: 2 plays every duration, timers included, twice as fast.
  public var speed: Double

  /// The largest canvas side, in points, that a document or scene may have
  /// and options may make (docs/FORMAT.md, docs/SCENE.md).
  public static let maximumSide = 10_000.0
  /// The playback rates an option may ask for: from a hundredth to a
  /// hundred times the seed's.
  public static let speeds = 0.01...100.0

  public init(
    scale: Double = 1, size: (width: Double, height: Double)? = nil, color: Color? = nil,
    lineWidth: Double? = nil, speed: Double = 1
  ) {
    self.scale = scale
    self.size = size
    self.color = color
    self.lineWidth = lineWidth
    self.speed = speed
  }

  /// Whether every option has its default, so the seed's preset is unchanged.
  public var isDefault: Bool {
    scale == 1 && size == nil && color == nil && lineWidth == nil && speed == 1
  }

  public static func == (a: PresetOptions, b: PresetOptions) -> Bool {
    a.scale == b.scale && a.size?.width == b.size?.width && a.size?.height == b.size?.height
      && a.color == b.color && a.lineWidth == b.lineWidth && a.speed == b.speed
  }
}

extension Preset {
  /// The preset adapted to `options`.
  public func customized(_ options: PresetOptions) -> Preset {
    var copy = self
    var k = options.scale
    var offset = Point(0, 0)
    if let size = options.size {
      k = min(size.width / width, size.height / height)
      offset = Point((size.width - width * k) / 2, (size.height - height * k) / 2)
      copy.width = size.width
      copy.height = size.height
    } else {
      copy.width = width * k
      copy.height = height * k
    }
    copy.figures = figures.map { figure in
      var figure = (k == 1 && offset == Point(0, 0)) ? figure : figure.transformed(scale: k, offset: offset)
      if let color = options.color, figure.roles.contains(.accent) {
        if figure.style.stroke != nil { figure.style.stroke = color } else { figure.style.fill = color }
      }
      if let lineWidth = options.lineWidth, figure.roles.contains(.line) {
        figure.style.lineWidth = lineWidth
      }
      return figure
    }
    copy.speed = speed * options.speed
    return copy
  }
}
