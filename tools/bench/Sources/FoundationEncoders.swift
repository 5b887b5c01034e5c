import Foundation
import LoadmarkCore

/// The same frame data as Loadmark's JSON, shaped for Foundation's encoders:
/// the fair comparison is the encode step alone, from the same values.
enum FoundationEncoders {
  /// A Codable mirror of a document's clips (the part that dominates size).
  struct CodableClip: Encodable {
    var name: String
    var index: String
    var frames: Int
    var duration: Double?
    var loop: Bool
    var tracks: [String: TrackValue]
  }

  /// A constant or per-frame track, encoded like Loadmark's.
  enum TrackValue: Encodable {
    case constant(Double)
    case frames([Double])

    func encode(to encoder: Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .constant(let value): try container.encode(value)
      case .frames(let values): try container.encode(values)
      }
    }
  }

  struct CodableDocument: Encodable {
    var format = "loadmark"
    var version = 1
    var preset: String
    var fps: Double
    var width: Double
    var height: Double
    var clips: [CodableClip]
  }

  static func codable(_ document: FrameDocument) -> CodableDocument {
    CodableDocument(
      preset: document.preset, fps: document.fps, width: document.width, height: document.height,
      clips: document.clips.map { clip in
        var tracks: [String: TrackValue] = [:]
        for track in clip.tracks {
          switch track.values {
          case .constant(let value): tracks[track.key] = .constant(value)
          case .frames(let values), .periodic(let values): tracks[track.key] = .frames(values)
          }
        }
        return CodableClip(
          name: clip.name, index: clip.index.rawValue, frames: clip.frameCount,
          duration: clip.index == .time ? clip.duration : nil, loop: clip.loop, tracks: tracks)
      })
  }

  static func propertyList(_ document: FrameDocument) -> [String: Any] {
    [
      "format": "loadmark", "version": 1, "preset": document.preset, "fps": document.fps,
      "width": document.width, "height": document.height,
      "clips": document.clips.map { clip -> [String: Any] in
        var tracks: [String: Any] = [:]
        for track in clip.tracks {
          switch track.values {
          case .constant(let value): tracks[track.key] = value
          case .frames(let values), .periodic(let values): tracks[track.key] = values
          }
        }
        return ["name": clip.name, "index": clip.index.rawValue, "frames": clip.frameCount, "loop": clip.loop, "tracks": tracks]
      },
    ]
  }

  static func jsonEncoder(_ document: CodableDocument) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try! encoder.encode(document)
  }

  static func jsonSerialization(_ object: [String: Any]) -> Data {
    try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }
}
