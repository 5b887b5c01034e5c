import LoadmarkEngine
import LoadmarkText

/// How to adapt a preset: size, colour, line width and speed. The defaults
/// reproduce the seed.
public struct IndicatorOptions: Equatable, Sendable {
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
  /// Which part of the scene is the canvas that `scale` and `size` apply
  /// to: the scene's own (the seed's view), or what the indicator draws.
  public var canvas: Canvas

  /// The canvas an indicator is exported on (`Rule.contentCanvas`).
  ///
  /// Not a `String` enum: comparing raw-value strings would bring Unicode
  /// tables into the WebAssembly engine, which compares cases.
  public enum Canvas: Equatable, Sendable, CaseIterable {
    /// The scene's canvas when it shows the indicator centred and whole,
    /// else ``content``: seed 002's ring, at (27.5, 44) of its 100 × 100
    /// view, is cropped; every other preset keeps its canvas.
    case auto
    /// Cropped to what the indicator draws over every frame of every clip,
    /// centred on it with a margin (``DocumentInk/contentFrame``).
    case content
    /// The scene's `size`, as the seed's view has it.
    case scene
  }

  /// The largest canvas side, in points, that a document or scene may have
  /// and options may make (docs/FORMAT.md, docs/SCENE.md).
  public static let maximumSide = 10_000.0
  /// The playback rates an option may ask for: from a hundredth to a
  /// hundred times the seed's.
  public static let speeds = 0.01...100.0

  public init(
    scale: Double = 1, size: (width: Double, height: Double)? = nil, color: Color? = nil,
    lineWidth: Double? = nil, speed: Double = 1, canvas: Canvas = .scene
  ) {
    self.scale = scale
    self.size = size
    self.color = color
    self.lineWidth = lineWidth
    self.speed = speed
    self.canvas = canvas
  }

  /// Whether every option has its default, so the seed's preset is unchanged.
  public var isDefault: Bool {
    scale == 1 && size == nil && color == nil && lineWidth == nil && speed == 1 && canvas == .scene
  }

  public static func == (a: IndicatorOptions, b: IndicatorOptions) -> Bool {
    a.scale == b.scale && a.size?.width == b.size?.width && a.size?.height == b.size?.height
      && a.color == b.color && a.lineWidth == b.lineWidth && a.speed == b.speed && a.canvas == b.canvas
  }
}

extension Indicator {
  /// The preset adapted to `options`, on the canvas `options.canvas` chooses.
  public func customized(_ options: IndicatorOptions) -> Indicator {
    let frame = options.canvas == .scene ? nil : contentFrame(lineWidth: options.lineWidth, canvas: options.canvas)
    return customized(options, frame: frame)
  }

  /// The preset adapted to `options` on the canvas `frame`, a part of the
  /// scene's canvas (nil: all of it), whatever `options.canvas` says. The
  /// WebAssembly engine, which always draws on the scene's canvas, calls
  /// this one, so the crop's code is not part of its module.
  /// - Parameters:
  ///   - options: the scale or size, colour, line width and speed.
  ///   - frame: the part of the scene's canvas that becomes the canvas.
  public func customized(_ options: IndicatorOptions, frame: Rect?) -> Indicator {
    var copy = self
    let origin = frame?.origin ?? Point(0, 0)
    let shown = (width: frame?.width ?? width, height: frame?.height ?? height)
    var k = options.scale
    var offset = Point(-origin.x * k, -origin.y * k)
    if let size = options.size {
      k = min(size.width / shown.width, size.height / shown.height)
      offset = Point(
        (size.width - shown.width * k) / 2 - origin.x * k, (size.height - shown.height * k) / 2 - origin.y * k)
      copy.width = size.width
      copy.height = size.height
    } else {
      copy.width = shown.width * k
      copy.height = shown.height * k
    }
    copy.figures = figures.map { figure in
      var figure = (k == 1 && offset == Point(0, 0)) ? figure : figure.transformed(scale: k, offset: offset)
      if let color = options.color, figure.roles.contains(.accent) {
        if figure.style.stroke != nil { figure.style.stroke = color } else { figure.style.fill = color }
      }
      if let lineWidth = options.lineWidth, figure.roles.contains(.line) {
        // On the canvas: a figure drawn through a transform has its stroke in
        // its layer's coordinates, which the export's scale then scales.
        figure.style.lineWidth = figure.moves ? lineWidth / figure.canvasScale : lineWidth
      }
      return figure
    }
    copy.speed = speed * options.speed
    return copy
  }

  /// `Rule.contentCanvas`: the part of the scene's canvas that shows what
  /// the indicator draws, sampled at the default rate and progress samples
  /// whatever an export asks (so the canvas does not change with `--fps`),
  /// with the line width `lineWidth` gives its lines: for ``Canvas/content``
  /// always the crop, for ``Canvas/auto`` only when the scene's canvas does
  /// not show the drawing centred (within half a point) and whole (its
  /// shapes' ink and its shadows inside it). Nil keeps the scene's canvas:
  /// also when nothing is drawn, or a clip has more frames than a document
  /// holds or its sampling is over budget (which the sampler refuses later,
  /// with its message).
  public func contentFrame(lineWidth: Double? = nil, canvas: IndicatorOptions.Canvas = .content) -> Rect? {
    (try? checkedContentFrame(lineWidth: lineWidth, canvas: canvas)) ?? nil
  }

  /// ``contentFrame(lineWidth:canvas:)``, refusing a scene whose sampling
  /// is (``checkedFrames(fps:progressSamples:)``): an export refuses it at
  /// once, instead of sampling it again on the scene's canvas to find so.
  ///
  /// - Parameters:
  ///   - lineWidth: the line width the export gives the indicator's lines.
  ///   - canvas: ``IndicatorOptions/Canvas/auto`` or ``IndicatorOptions/Canvas/content``.
  public func checkedContentFrame(lineWidth: Double? = nil, canvas: IndicatorOptions.Canvas = .content) throws(SceneError) -> Rect? {
    for clip in clips {
      let count = frameCount(of: clip, fps: Indicator.defaultFPS, progressSamples: Indicator.defaultProgressSamples)
      guard count >= 1, count <= Double(Indicator.maximumFrames) else { return nil }
    }
    let drawn = lineWidth == nil ? self : customized(IndicatorOptions(lineWidth: lineWidth), frame: nil)
    let ink = try drawn.checkedFrames().ink
    if canvas == .auto, ink.fits(width: width, height: height) { return nil }
    return ink.contentFrame
  }
}
