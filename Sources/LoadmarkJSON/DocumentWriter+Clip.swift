import LoadmarkCore

extension DocumentWriter {
  /// A clip's text: name, index, frames, duration (time clips only), loop,
  /// a progress clip's domain, repeat, transition and finish when they are
  /// not the defaults, then its tracks, the varying ones spelled as `encoding` says, each
  /// dumped from a tree of its own (see ``text(of:tracks:realDigits:)``).
  static func clipText(
    _ clip: FrameDocument.Clip, layers: [FrameDocument.Layer], tracks encoding: TrackEncoding,
    realDigits digits: Int32
  ) throws(JanssonError) -> String {
    let object = try JSONValue.object()
    try object.set("name", .string(clip.name))
    try object.set("index", .string(clip.index.rawValue))
    try object.set("frames", number(Double(clip.frameCount)))
    if clip.index == .time {
      try object.set("duration", number(clip.duration))
    }
    try object.set("loop", .boolean(clip.loop))
    if clip.index == .progress {
      if clip.domain.lower != 0 || clip.domain.upper != 1 {
        try object.set("domain", numbers([clip.domain.lower, clip.domain.upper]))
      }
      if let from = clip.domain.repeatFrom { try object.set("repeatFrom", number(from)) }
      if let transition = clip.transition {
        let entry = try JSONValue.object()
        try entry.set("duration", number(transition.duration))
        try entry.set("frames", number(Double(transition.frameCount)))
        try entry.set("values", trackValue(transition.values, encoding: encoding))
        try object.set("transition", entry)
      }
      if let finish = clip.finish { try object.set("finish", .string(finish)) }
    }
    var text = try object.compactText(realDigits: digits)
    text.removeLast()
    text += #","tracks":{"#
    for (index, track) in ordered(clip.tracks, layers: layers).enumerated() {
      // `{"key":value}` as one member: the braces dropped, the member kept.
      let member = try JSONValue.object()
      try member.set(track.key, trackValue(track.values, encoding: encoding))
      let memberText = try member.compactText(realDigits: digits)
      if index > 0 { text += "," }
      text += memberText.dropFirst().dropLast()
    }
    return text + "}}"
  }

  /// A track's value: a number for a constant, else a delta object or an
  /// array as `encoding` says and the values allow; a periodic track is
  /// `{"period": L, "values": …}` around its L values spelled so.
  static func trackValue(_ values: FrameDocument.TrackValues, encoding: TrackEncoding) throws(JanssonError) -> JSONValue {
    switch values {
    case .constant(let value):
      return try number(value)
    case .frames(let values):
      return try frameValues(values, encoding: encoding)
    case .periodic(let values):
      let object = try JSONValue.object()
      try object.set("period", number(Double(values.count)))
      try object.set("values", frameValues(values, encoding: encoding))
      return object
    }
  }

  /// One value a frame, as a delta object when `encoding` asks for one and
  /// the values allow it, else as an array.
  static func frameValues(_ values: [Double], encoding: TrackEncoding) throws(JanssonError) -> JSONValue {
    if encoding == .deltas, let deltas = try deltaObject(values, decimals: FrameDocument.trackDecimals) {
      return deltas
    }
    return try numbers(values)
  }

  /// `tracks` layer by layer in ``FrameDocument/Layer/trackNames`` order,
  /// then the layer's transform tracks in ``FrameDocument/TrackProperty/transform``
  /// order, whatever order the clip keeps them in, so output does not depend
  /// on how a preset happened to build them. Tracks that match no layer
  /// property follow in their own order rather than being dropped.
  static func ordered(_ tracks: [FrameDocument.Track], layers: [FrameDocument.Layer]) -> [FrameDocument.Track] {
    var firstIndex: [String: Int] = [:]
    for (index, track) in tracks.enumerated() where firstIndex[track.key] == nil {
      firstIndex[track.key] = index
    }
    var used = [Bool](repeating: false, count: tracks.count)
    var result: [FrameDocument.Track] = []
    result.reserveCapacity(tracks.count)
    for layer in layers {
      var names = layer.trackNames
      for property in FrameDocument.TrackProperty.transform { names.append(FrameDocument.TrackName(property)) }
      for name in names {
        guard let index = firstIndex[layer.id + "." + name.text], !used[index] else { continue }
        used[index] = true
        result.append(tracks[index])
      }
    }
    for (index, track) in tracks.enumerated() where !used[index] {
      result.append(track)
    }
    return result
  }
}
