/// Precomputed frames of one preset: static layers plus, per clip, one track
/// per animated property. Every output (JSON, the wasm ABI, tests) shares it.
public struct FrameDocument: Equatable, Sendable {
  /// The `format` field of every document.
  public static let formatName = "loadmark"
  /// The newest version of the format this build reads and writes. Version
  /// 2 gives layers a `role` (accent, secondary or surface) where version 1
  /// had `accent`, and progress clips a `domain`, `repeatFrom`, `transition`
  /// and `finish`; version 3 adds layers' transform tracks, the `polygon`
  /// kind and periodic tracks (docs/FORMAT.md). A document is written in the
  /// lowest version that can say it (``writtenVersion``).
  public static let formatVersion = 3
  /// The versions this build reads: version 1 and 2 documents keep their meaning.
  public static let readableVersions = [1, 2, 3]
  /// The lowest version the writer writes: version 1 cannot say a role other
  /// than the accent, so documents read from version 1 are written as 2.
  public static let lowestWrittenVersion = 2

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

  /// The version the writer writes this document in: the lowest that can say
  /// it, so that a document without version 3's transforms, polygons and
  /// periodic tracks stays byte for byte what version 2 wrote (the presets'
  /// reference hashes hold their exports).
  public var writtenVersion: Int {
    version3Feature == nil ? FrameDocument.lowestWrittenVersion : 3
  }

  /// The first thing in the document that only format version 3 says, named
  /// for a message (`layer "face" is a polygon`, `clip "spin" has the
  /// transform track "ring.a"`, `clip "spin" has the periodic track
  /// "dot.scale"`); nil for a document version 2 can say. Renderers that do
  /// not draw version 3 yet refuse a document with one.
  public var version3Feature: String? {
    for layer in layers where layer.shape.kind == .polygon { return "layer \"\(layer.id)\" is a polygon" }
    for clip in clips {
      for track in clip.tracks where track.property.isTransform {
        return "clip \"\(clip.name)\" has the transform track \"\(track.key)\""
      }
      for track in clip.tracks where track.values.isPeriodic {
        return "clip \"\(clip.name)\" has the periodic track \"\(track.key)\""
      }
    }
    return nil
  }

  /// The clip named `name`, if any.
  public func clip(_ name: String) -> Clip? {
    clips.first { $0.name == name }
  }
}
