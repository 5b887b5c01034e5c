import LoadmarkEngine
import LoadmarkText

extension Indicator {
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
  public func frames(fps: Double = Indicator.defaultFPS, progressSamples: Int = Indicator.defaultProgressSamples) -> FrameDocument {
    FrameDocument(
      preset: name, fps: fps, width: width, height: height,
      layers: figures.map { $0.documentLayer },
      clips: clips.map { sample($0, fps: fps, progressSamples: progressSamples) })
  }

  /// One clip sampled at `fps` or over `progressSamples` values, unmetered:
  /// for the built-in presets and callers that bound the work themselves.
  public func sample(_ clip: ClipDefinition, fps: Double, progressSamples: Int) -> FrameDocument.Clip {
    var columns = figures.map { figure in
      figure.trackProperties.map { _ in [Double]() }
    }
    let frameCount = Int(self.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
    // Unmetered, nothing can fail.
    var spent = 0
    let values = (try? replay(clip, frameCount: frameCount, fps: fps, budget: nil, spent: &spent)) ?? []
    distribute(values, into: &columns)
    return self.clip(clip, frameCount: frameCount, fps: fps, columns: columns)
  }

  /// Frame-major values (``replay(_:frameCount:fps:at:budget:spent:)``)
  /// appended to their tracks' columns.
  func distribute(_ values: [Double], into columns: inout [[[Double]]]) {
    var n = 0
    while n < values.count {
      for f in columns.indices {
        for p in columns[f].indices {
          columns[f][p].append(values[n])
          n += 1
        }
      }
    }
  }

  /// Every clip sampled as ``frames(fps:progressSamples:)`` does, all of
  /// them together held to ``SceneBudget/maximumSamplingWork`` and refused
  /// where a value is not a finite number, with the path of the clip at
  /// fault (`clips[2]`): what readers of a scene from outside sample with.
  ///
  /// - Parameters:
  ///   - fps: the frame rate of time clips.
  ///   - progressSamples: the number of samples of progress clips from 0 to 1.
  public func checkedFrames(
    fps: Double = Indicator.defaultFPS, progressSamples: Int = Indicator.defaultProgressSamples
  ) throws(SceneError) -> FrameDocument {
    var sampled: [FrameDocument.Clip] = []
    var spent = 0
    for (index, clip) in clips.enumerated() {
      var columns = figures.map { figure in
        figure.trackProperties.map { _ in [Double]() }
      }
      let frameCount = Int(self.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
      do {
        distribute(
          try replay(clip, frameCount: frameCount, fps: fps, budget: SceneBudget.maximumSamplingWork, spent: &spent),
          into: &columns)
      } catch {
        throw error.sceneError(clip: index, in: self)
      }
      sampled.append(self.clip(clip, frameCount: frameCount, fps: fps, columns: columns))
    }
    return FrameDocument(
      preset: name, fps: fps, width: width, height: height, layers: figures.map { $0.documentLayer }, clips: sampled)
  }

  /// Every track's value at one instant of `clip`, as
  /// ``values(of:at:)``, held to ``SceneBudget/maximumSamplingWork`` and
  /// refused where a value is not a finite number
  /// (``replay(_:frameCount:fps:at:budget:spent:)``).
  ///
  /// - Parameters:
  ///   - clip: one of the preset's clips.
  ///   - x: seconds into a time clip (after `speed`), or a progress.
  ///   - spent: the work done so far by the request this instant is part of.
  package func checkedValues(of clip: ClipDefinition, at x: Double, spent: inout Int) throws(SamplingFailure) -> [Double] {
    try replay(clip, frameCount: 1, fps: 1, at: x, budget: SceneBudget.maximumSamplingWork, spent: &spent)
  }

  /// Replays `clip` for `frameCount` frames (`Rule.frameSampling`: frame i
  /// of a time clip i/fps seconds into it, of a progress clip its domain's
  /// progress at i), or for one frame at instant `x` (seconds into a time
  /// clip, after `speed`, or a progress): the values of every track, in
  /// track order, frame after frame. With a `budget`, the work
  /// (``SceneBudget/maximumSamplingWork``'s units) is added to `spent` as it
  /// is done and the replay stops once `spent` passes the budget, and a
  /// value that is not a finite number stops it too (``SamplingFailure``,
  /// which only native readers spell out: the engine reports a status).
  ///
  /// - Parameters:
  ///   - clip: one of the preset's clips.
  ///   - frameCount: the frames to sample (``frameCount(of:fps:progressSamples:)``).
  ///   - fps: the frame rate of a time clip.
  ///   - x: the one instant to sample, instead of the frames.
  ///   - budget: the most work `spent` may reach, or nil to leave it unmetered.
  ///   - spent: the work done so far, shared by the clips of one document.
  /// - Returns: `frameCount` frames of values, frame-major.
  ///
  /// One function, returning data rather than calling back, so that the
  /// WebAssembly engine holds one copy of it.
  @inline(never)
  package func replay(
    _ clip: ClipDefinition, frameCount: Int, fps: Double, at x: Double? = nil, budget: Int?, spent: inout Int
  ) throws(SamplingFailure) -> [Double] {
    // Unmetered, the limits are never reached.
    let limit = budget ?? .max
    var values: [Double] = []
    // A time clip's state runs on from frame to frame; a progress clip's is
    // made afresh from each frame's expansion.
    var state: TimelineState
    if case .time(_, _, _, let script) = clip.kind {
      state = TimelineState(Timeline(layers: layers, script: script))
    } else {
      state = TimelineState(Timeline(layers: layers))
    }
    var i = 0
    while i < frameCount {
      var t = 0.0
      switch clip.kind {
      case .time(_, _, let startTime, _):
        t = hostTime(startTime: startTime, clipTime: x ?? Double(i) / fps)
      case .progress(let program):
        let p = x ?? clip.domain.progress(ofFrame: i, frameCount: frameCount)
        let expansion = program.expand(
          progress: p, stepLimit: min(SceneBudget.maximumScriptSteps, (limit - spent) / SceneBudget.stepWork + 1))
        if expansion.stoppedShort { throw .overBudget }
        if budget != nil, expansion.failed { throw .script(progress: p) }
        spent += expansion.steps * SceneBudget.stepWork
        state = TimelineState(Timeline(layers: layers, script: expansion.events))
      }
      let before = state.work
      state.advance(toHostTime: t, workLimit: limit - spent + before)
      spent += state.work - before
      try appendFrame(i, of: state, atHostTime: t, to: &values, budget: budget, spent: &spent)
      i += 1
    }
    return values
  }

  /// Frame `i` of a replay: every track's value in `state` at host time
  /// `t`, appended to `values`, its reading counted and checked.
  func appendFrame(
    _ i: Int, of state: TimelineState, atHostTime t: Double, to values: inout [Double], budget: Int?, spent: inout Int
  ) throws(SamplingFailure) {
    let start = values.count
    for figure in figures {
      values += figure.trackValues(in: state, atHostTime: t)
      if budget != nil { spent += state.presentationCost(of: figure.layer) }
    }
    if let budget {
      guard spent <= budget else { throw .overBudget }
      for n in start..<values.count where !values[n].isFinite { throw .notFinite(track: n - start, frame: i) }
    }
  }

  /// The name of track `n` of the frames: `<layer>.<property>`.
  func trackName(_ n: Int) -> [UInt8] {
    var n = n
    for figure in figures {
      let properties = figure.trackProperties
      if n < properties.count {
        return Array(figure.id.utf8) + [UInt8(ascii: ".")] + Array(properties[n].rawValue.utf8)
      }
      n -= properties.count
    }
    return []
  }

  /// A sampled clip's document part, from its tracks' columns.
  func clip(_ clip: ClipDefinition, frameCount: Int, fps: Double, columns: [[[Double]]]) -> FrameDocument.Clip {
    let index: FrameDocument.ClipIndex
    let duration: Double
    switch clip.kind {
    case .time(let seedDuration, _, _, _):
      index = .time
      duration = seedDuration / speed
    case .progress:
      index = .progress
      duration = 0
    }
    var tracks: [FrameDocument.Track] = []
    for (f, figure) in figures.enumerated() {
      for (p, property) in figure.trackProperties.enumerated() {
        // A transform track is written only where it is not the identity's.
        if property.isTransform && columns[f][p].allSatisfy({ $0 == property.identityValue }) { continue }
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
  static func settled(_ event: ScriptEvent) -> ScriptEvent {
    var settled = event
    if case .set(let property, let value, true) = settled.action {
      settled.action = .set(property, value, implicit: false)
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
    var spent = 0
    // Unmetered, nothing can fail.
    return (try? replay(clip, frameCount: 1, fps: 1, at: x, budget: nil, spent: &spent)) ?? []
  }

  /// The host time of clip time `x`: the whole timeline runs `speed` times
  /// faster, timers included.
  func hostTime(startTime: Double, clipTime x: Double) -> Double {
    startTime + (speed == 1 ? x : x * speed)
  }
}

/// Why a metered replay stopped (``Indicator/replay(_:frameCount:fps:at:budget:spent:)``):
/// kept as data so that the WebAssembly engine, which reports a status,
/// never spells a message.
package enum SamplingFailure: Error {
  /// The work passed ``SceneBudget/maximumSamplingWork``.
  case overBudget
  /// Track `track` (in track order) is not a finite number at frame `frame`.
  case notFinite(track: Int, frame: Int)
  /// A progress clip's script failed at progress `progress`: its
  /// expansion there says where and why (``ScriptExpansion/failure``),
  /// which only a native reader asks.
  case script(progress: Double)

  /// The error a scene reader reports: at clip `index`'s path, or at the
  /// script item's.
  package func sceneError(clip index: Int, in preset: Indicator) -> SceneError {
    let clipPath = FieldPath.root.field("clips").index(index)
    switch self {
    case .overBudget:
      return SceneError(
        clipPath,
        "sampling the clips takes more than 10000000 units of work (animations evaluated, events and "
          + "script steps; docs/SCENE.md's Limits): fewer frames, animations or events")
    case .notFinite(let track, let frame):
      return SceneError(
        clipPath,
        "track " + ByteText.quoted(preset.trackName(track)) + " is not a finite number at frame " + ByteText.number(Double(frame))
          + " (an animation's values overflow)")
    case .script(let progress):
      guard case .progress(let program) = preset.clips[index].kind,
        let failure = program.expansion(progress: progress).failure
      else { return SceneError(clipPath, "the clip's script fails") }
      return failure
    }
  }
}
