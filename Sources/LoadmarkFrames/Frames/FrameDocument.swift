/// Precomputed frames of one preset: static layers plus, per clip, one track
/// per animated property. Every output (JSON, the wasm ABI, tests) shares it.
public struct FrameDocument: Equatable, Sendable {
  /// The `format` field of every document.
  public static let formatName = "loadmark"
  /// The version of the format this build writes. Version 2 gives layers a
  /// `role` (accent, secondary or surface) where version 1 had `accent`, and
  /// progress clips a `domain`, `repeatFrom`, `transition` and `finish`
  /// (docs/FORMAT.md).
  public static let formatVersion = 2
  /// The versions this build reads: version 1 documents keep their meaning.
  public static let readableVersions = [1, 2]

  public var preset: String
  /// Frames per second of time clips.
  public var fps: Double
  /// The canvas size in points.
  public var width: Double
  public var height: Double
  /// Layers in drawing order (back to front).
  public var layers: [Layer]
  public var clips: [Clip]

  public init(preset: String, fps: Double, width: Double, height: Double, layers: [Layer], clips: [Clip]) {
    self.preset = preset
    self.fps = fps
    self.width = width
    self.height = height
    self.layers = layers
    self.clips = clips
  }

  /// The layer with `id`, if any.
  public func layer(_ id: String) -> Layer? {
    layers.first { $0.id == id }
  }

  /// The clip named `name`, if any.
  public func clip(_ name: String) -> Clip? {
    clips.first { $0.name == name }
  }
}
