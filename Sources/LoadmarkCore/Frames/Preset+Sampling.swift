extension Preset {
  /// The default frame rate of time clips.
  public static let defaultFPS = 60.0
  /// The default number of progress samples, 0 to 1 in steps of 0.01.
  public static let defaultProgressSamples = 101
  /// The most frames a clip may have, as a frame document holds them
  /// (docs/FORMAT.md); samplers that take requests from outside refuse more.
  public static let maximumFrames = 100_000
  /// The highest frame rate of time clips, as a frame document holds them
  /// (docs/FORMAT.md, `fps`).
  public static let maximumFPS = 1000.0

  /// The frames of `clip` at `fps`, or over `progressSamples` values
  /// (`Rule.frameSampling`): round(duration·fps) + 1 for a one-shot time
  /// clip, round(duration·fps) (at least 1) for a loop, the duration being
  /// the clip's at this preset's ``speed``; for a progress clip, its
  /// domain's count at the step of `progressSamples` values from 0 to 1
  /// (``ProgressDomain/frameCount(samples:)``).
  ///
  /// A Double, so that a caller can refuse a count too large (or not a
  /// number, from a rate that is not one) before converting it.
  public func frameCount(of clip: ClipDefinition, fps: Double, progressSamples: Int) -> Double {
    switch clip.kind {
    case .time(let duration, let loop, _, _):
      let steps = (duration / speed * fps).rounded()
      return loop ? max(steps, 1) : steps + 1
    case .progress:
      return clip.domain.frameCountValue(samples: progressSamples)
    }
  }

  /// Every clip sampled into a ``FrameDocument`` (`Rule.frameSampling`):
  /// frame i of a time clip is at t = i/fps; a one-shot clip has
  /// round(duration·fps) + 1 frames (both ends), a loop round(duration·fps)
  /// (its end is its start); progress clips take evenly spaced values
  /// across their domain, at the step of `progressSamples` values from 0 to
  /// 1 (``ProgressDomain/frameCount(samples:)``).
  public func frames(fps: Double = Preset.defaultFPS, progressSamples: Int = Preset.defaultProgressSamples) -> FrameDocument {
    FrameDocument(
      preset: name, fps: fps, width: width, height: height,
      layers: figures.map { $0.documentLayer },
      clips: clips.map { sample($0, fps: fps, progressSamples: progressSamples) })
  }

  /// One clip sampled at `fps` or over `progressSamples` values.
  public func sample(_ clip: ClipDefinition, fps: Double, progressSamples: Int) -> FrameDocument.Clip {
    var columns = figures.map { figure in
      figure.documentLayer.properties.map { _ in [Double]() }
    }
    func record(_ state: TimelineState, atHostTime t: Double) {
      for (f, figure) in figures.enumerated() {
        for (p, value) in figure.trackValues(in: state, atHostTime: t).enumerated() {
          columns[f][p].append(value)
        }
      }
    }
    let frameCount: Int
    let duration: Double
    let index: FrameDocument.ClipIndex
    switch clip.kind {
    case .time(let seedDuration, _, let startTime, let script):
      index = .time
      duration = seedDuration / speed
      frameCount = Int(self.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
      var state = TimelineState(Timeline(layers: layers, script: script))
      for i in 0..<frameCount {
        let t = hostTime(startTime: startTime, clipTime: Double(i) / fps)
        state.advance(toHostTime: t)
        record(state, atHostTime: t)
      }
    case .progress(let program):
      index = .progress
      duration = 0
      frameCount = Int(self.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
      for i in 0..<frameCount {
        let p = clip.domain.progress(ofFrame: i, frameCount: frameCount)
        var state = TimelineState(Timeline(layers: layers, script: Preset.settled(program.events(progress: p))))
        state.advance(toHostTime: 0)
        record(state, atHostTime: 0)
      }
    }
    var tracks: [FrameDocument.Track] = []
    for (f, figure) in figures.enumerated() {
      for (p, property) in figure.documentLayer.properties.enumerated() {
        tracks.append(FrameDocument.Track(layer: figure.id, property: property, values: .init(collapsing: columns[f][p])))
      }
    }
    guard index == .progress else {
      return FrameDocument.Clip(
        name: clip.name, index: index, frameCount: frameCount, duration: duration, loop: clip.loops, tracks: tracks)
    }
    return FrameDocument.Clip(
      name: clip.name, index: index, frameCount: frameCount, duration: duration, loop: clip.loops,
      domain: clip.domain, transition: clip.animatesImplicitly ? transition(fps: fps) : nil,
      finish: clip.finish.map { clips[$0].name }, tracks: tracks)
  }

  /// `Rule.progressClips`: a progress clip's events as the host leaves them:
  /// every set done at once, none animated, since a frame shows the state
  /// once the change has settled. How an implicit change moves is the
  /// clip's transition.
  static func settled(_ events: [ScriptEvent]) -> [ScriptEvent] {
    var settled = events
    for i in settled.indices {
      if case .set(let property, let value, true) = settled[i].action {
        settled[i].action = .set(property, value, implicit: false)
      }
    }
    return settled
  }

  /// `Rule.progressTransition`: `Rule.implicitAnimation` as data, the
  /// fraction of a change that an
  /// implicitly animated property shows at t = i/fps after the change,
  /// sampled from the engine's own implicit animation (a standalone
  /// layer's `strokeEnd` set from 0 to 1) until it has ended. The timeline
  /// runs `speed` times faster, as for time clips.
  public func transition(fps: Double) -> FrameDocument.Transition {
    let duration = AnimatedLayer.implicitAnimation(.strokeEnd).timing.duration / speed
    let frameCount = Int((duration * fps).rounded(.up)) + 1
    var layer = AnimatedLayer("transition")
    layer.model[.strokeEnd] = 0
    layer.setValue(1, for: .strokeEnd, atHostTime: 0, implicit: true)
    var values: [Double] = []
    for i in 0..<frameCount {
      values.append(layer.presentation(atHostTime: hostTime(startTime: 0, clipTime: Double(i) / fps))[.strokeEnd])
    }
    return FrameDocument.Transition(duration: duration, frameCount: frameCount, values: .frames(values))
  }

  /// Every track's value at one instant of `clip`, in track order: `x`
  /// seconds into a time clip (after `speed`), or progress `x` of a progress
  /// clip. Frame i of ``sample(_:fps:progressSamples:)`` is the instant
  /// x = i/fps (or ``ProgressDomain/progress(ofFrame:frameCount:)``), bit
  /// for bit.
  public func values(of clip: ClipDefinition, at x: Double) -> [Double] {
    var state: TimelineState
    var t = 0.0
    switch clip.kind {
    case .time(_, _, let startTime, let script):
      state = TimelineState(Timeline(layers: layers, script: script))
      t = hostTime(startTime: startTime, clipTime: x)
    case .progress(let program):
      state = TimelineState(Timeline(layers: layers, script: Preset.settled(program.events(progress: x))))
    }
    state.advance(toHostTime: t)
    var values: [Double] = []
    for figure in figures {
      values += figure.trackValues(in: state, atHostTime: t)
    }
    return values
  }

  /// The host time of clip time `x`: the whole timeline runs `speed` times
  /// faster, timers included.
  func hostTime(startTime: Double, clipTime x: Double) -> Double {
    startTime + (speed == 1 ? x : x * speed)
  }
}
