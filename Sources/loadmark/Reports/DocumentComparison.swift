import LoadmarkCore
import LoadmarkPages

/// How two documents differ: header, layers and clips, then per track the
/// largest deviation and the first frame over the tolerance.
///
/// Numbers (fps, sizes, geometry, durations, track values) count as
/// different when they are more than `tolerance` apart; names, kinds,
/// colours, frame counts and the set of clips and tracks must match exactly.
/// Tracks are compared frame by frame only in clips whose index and frame
/// count match; otherwise frame i of one is not the same instant as frame i
/// of the other.
struct DocumentComparison {
  /// The comparison of one track present in both documents.
  struct TrackComparison {
    var key: String
    /// The largest |a − b| over all frames.
    var maximumDeviation: Double
    /// The first frame where |a − b| exceeds the tolerance, if any.
    var firstFrameOverTolerance: Int?
  }

  /// A clip present in both documents with the same index and frame count.
  struct ClipComparison {
    var name: String
    var frameCount: Int
    var tracks: [TrackComparison]
  }

  var tolerance: Double
  /// Every difference outside the track values, one line each, such as
  /// `fps: 60 vs 30` or `clip spin: only in B`.
  var differences: [String] = []
  var clips: [ClipComparison] = []

  /// Compares `a` with `b`.
  init(_ a: FrameDocument, _ b: FrameDocument, tolerance: Double) {
    self.tolerance = tolerance
    compareHeaders(a, b)
    compareLayers(a.layers, b.layers)
    compareClips(a.clips, b.clips)
  }

  /// The tracks whose values differ by more than the tolerance somewhere.
  var tracksOverTolerance: [TrackComparison] {
    clips.flatMap(\.tracks).filter { $0.firstFrameOverTolerance != nil }
  }

  /// How many tracks were compared frame by frame.
  var trackCount: Int {
    clips.reduce(0) { $0 + $1.tracks.count }
  }

  /// Whether nothing differs beyond the tolerance.
  var matches: Bool {
    differences.isEmpty && tracksOverTolerance.isEmpty
  }

  /// Whether `a` and `b` are more than the tolerance apart.
  private func exceeds(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) > tolerance
  }

  /// Indicator name exactly; fps and canvas size within the tolerance.
  private mutating func compareHeaders(_ a: FrameDocument, _ b: FrameDocument) {
    if a.preset != b.preset { differences.append("preset: \(a.preset) vs \(b.preset)") }
    for (name, valueA, valueB) in [("fps", a.fps, b.fps), ("width", a.width, b.width), ("height", a.height, b.height)]
    where exceeds(valueA, valueB) {
      differences.append("\(name): \(NumberText.exact(valueA)) vs \(NumberText.exact(valueB))")
    }
  }

  /// The layer ids in order, then each layer's fields: a field missing on
  /// one side means the shapes differ in structure, reported once per layer.
  private mutating func compareLayers(_ a: [FrameDocument.Layer], _ b: [FrameDocument.Layer]) {
    guard a.map(\.id) == b.map(\.id) else {
      let idsA = a.map(\.id).joined(separator: ", ")
      let idsB = b.map(\.id).joined(separator: ", ")
      differences.append("layers: \(idsA) vs \(idsB)")
      return
    }
    for (layerA, layerB) in zip(a, b) {
      let fieldsA = layerA.fields
      let fieldsB = layerB.fields
      let namesA = fieldsA.map(\.name)
      let namesB = fieldsB.map(\.name)
      guard namesA == namesB else {
        if let name = namesA.first(where: { !namesB.contains($0) }) {
          differences.append("layer \(layerA.id): \(name) only in A")
        } else if let name = namesB.first(where: { !namesA.contains($0) }) {
          differences.append("layer \(layerA.id): \(name) only in B")
        }
        continue
      }
      for (fieldA, fieldB) in zip(fieldsA, fieldsB) where differ(fieldA.value, fieldB.value) {
        differences.append("layer \(layerA.id) \(fieldA.name): \(fieldA.value.text) vs \(fieldB.value.text)")
      }
    }
  }

  /// Whether two field values differ: numbers beyond the tolerance, text at all.
  private func differ(_ a: FrameDocument.Layer.Field.Value, _ b: FrameDocument.Layer.Field.Value) -> Bool {
    if case .number(let numberA) = a, case .number(let numberB) = b { return exceeds(numberA, numberB) }
    return a != b
  }

  /// Clips matched by name, in A's order, then the clips only B has.
  private mutating func compareClips(_ a: [FrameDocument.Clip], _ b: [FrameDocument.Clip]) {
    for clipA in a {
      guard let clipB = b.first(where: { $0.name == clipA.name }) else {
        differences.append("clip \(clipA.name): only in A")
        continue
      }
      compareClip(clipA, clipB)
    }
    for clipB in b where !a.contains(where: { $0.name == clipB.name }) {
      differences.append("clip \(clipB.name): only in B")
    }
  }

  /// Looping, duration, index and frame count; the tracks only when index
  /// and frame count match.
  private mutating func compareClip(_ a: FrameDocument.Clip, _ b: FrameDocument.Clip) {
    let name = "clip \(a.name)"
    if a.loop != b.loop { differences.append("\(name): loop \(a.loop) vs \(b.loop)") }
    if exceeds(a.duration, b.duration) {
      differences.append("\(name): duration \(NumberText.exact(a.duration)) s vs \(NumberText.exact(b.duration)) s")
    }
    guard a.index == b.index else {
      differences.append("\(name): index \(a.index.rawValue) vs \(b.index.rawValue)")
      return
    }
    guard a.frameCount == b.frameCount else {
      differences.append("\(name): \(a.frameCount) vs \(b.frameCount) frames")
      return
    }
    // What a progress clip's host does with it (format version 2).
    if exceeds(a.domain.lower, b.domain.lower) || exceeds(a.domain.upper, b.domain.upper) {
      differences.append("\(name): domain \(PlayerPage.domainText(a)) vs \(PlayerPage.domainText(b))")
    }
    if a.domain.repeatFrom != b.domain.repeatFrom {
      let text = { (clip: FrameDocument.Clip) in clip.domain.repeatFrom.map(NumberText.exact) ?? "none" }
      differences.append("\(name): repeatFrom \(text(a)) vs \(text(b))")
    }
    if a.finish != b.finish { differences.append("\(name): finish \(a.finish ?? "none") vs \(b.finish ?? "none")") }
    let transitionsDiffer: Bool
    switch (a.transition, b.transition) {
    case (nil, nil): transitionsDiffer = false
    case (let ta?, let tb?):
      transitionsDiffer = ta.frameCount != tb.frameCount || exceeds(ta.duration, tb.duration)
        || (0..<ta.frameCount).contains { exceeds(ta.values.value(at: $0), tb.values.value(at: $0)) }
    default: transitionsDiffer = true
    }
    if transitionsDiffer {
      let text = { (clip: FrameDocument.Clip) in clip.transition.map { "\($0.frameCount) frames over \(NumberText.exact($0.duration)) s" } ?? "none" }
      differences.append("\(name): transition \(text(a)) vs \(text(b))")
    }
    var tracks: [TrackComparison] = []
    for trackA in a.tracks {
      guard let trackB = b.track(trackA.key) else {
        differences.append("\(name) track \(trackA.key): only in A")
        continue
      }
      tracks.append(compareTrack(trackA, trackB, frameCount: a.frameCount))
    }
    for trackB in b.tracks where a.track(trackB.key) == nil {
      differences.append("\(name) track \(trackB.key): only in B")
    }
    clips.append(ClipComparison(name: a.name, frameCount: a.frameCount, tracks: tracks))
  }

  /// The largest deviation of two tracks over `frameCount` frames, and the
  /// first frame over the tolerance.
  private func compareTrack(_ a: FrameDocument.Track, _ b: FrameDocument.Track, frameCount: Int) -> TrackComparison {
    var comparison = TrackComparison(key: a.key, maximumDeviation: 0, firstFrameOverTolerance: nil)
    for frame in 0..<frameCount {
      let deviation = abs(a.value(at: frame) - b.value(at: frame))
      comparison.maximumDeviation = max(comparison.maximumDeviation, deviation)
      if comparison.firstFrameOverTolerance == nil && deviation > tolerance {
        comparison.firstFrameOverTolerance = frame
      }
    }
    return comparison
  }
}
