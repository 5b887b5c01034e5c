import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// The catalogue (catalogue/*.scene.json): NVActivityIndicatorView's
/// indicators written as scenes. Each one is found by name, validates,
/// exports to every format and compiles; its frames are held to values
/// derived by hand from the library's Swift source, not from Loadmark's
/// output.
///
/// Values that go through a cubic timing function were computed by a short
/// independent program: the control points rounded to float32 (as
/// `CAMediaTimingFunction` stores them), x(s) = u solved by 200 bisection
/// steps in double precision, then y(s). Loadmark solves x to 1e-7, so those
/// values are compared within 1e-6; linear ones within 1e-12.
struct CatalogueTests {
  let pi = Double.pi

  /// The frame document of catalogue indicator `name` at the defaults.
  func document(_ name: String) throws -> FrameDocument {
    try #require(Indicator.named(name)).frames()
  }

  /// Track `key` of `clip` at `frame`.
  func value(_ clip: FrameDocument.Clip, _ key: String, _ frame: Int) throws -> Double {
    try #require(clip.track(key), "no track \(key)").value(at: frame)
  }

  /// `a` and `b` as angles, equal up to a whole turn, within `tolerance`.
  func sameAngle(_ a: Double, _ b: Double, within tolerance: Double) -> Bool {
    let d = (a - b).truncatingRemainder(dividingBy: 2 * pi)
    return min(abs(d), 2 * pi - abs(d)) < tolerance
  }

  @Test func everyFileIsCompiledInAndCreditsItsSource() throws {
    let folder = Repository.root.appendingPathComponent("catalogue")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".scene.json") }
    #expect(Set(files.map { String($0.dropLast(".scene.json".count)) }) == Set(Indicator.catalogueNames))
    let licence = try String(contentsOf: folder.appendingPathComponent("LICENSE-NVActivityIndicatorView"), encoding: .utf8)
    #expect(licence.hasPrefix("The MIT License (MIT)\n\nCopyright (c) 2016 Vinh Nguyen"))
    for name in Indicator.catalogueNames {
      let text = try String(contentsOf: folder.appendingPathComponent("\(name).scene.json"), encoding: .utf8)
      let source = try #require(Indicator.catalogueSource(named: name))
      #expect(text.contains("After NVActivityIndicatorView's \(source) (ninjaprox/NVActivityIndicatorView"), "\(name)")
      #expect(text.contains("MIT licence, Copyright (c) 2016 Vinh Nguyen: see catalogue/LICENSE-NVActivityIndicatorView"), "\(name)")
      #expect(!Indicator.presetNames.contains(name))
      // The compiled-in scene is the file's, read alike.
      let fromFile = try SceneReader.read(path: folder.appendingPathComponent("\(name).scene.json").path)
      #expect(fromFile.frames() == Indicator.named(name)!.frames(), "catalogue/\(name).scene.json changed: run tools/update-presets")
    }
  }

  @Test(arguments: ["nv-ball-pulse", "nv-circle-stroke-spin"])
  func itIsFoundByNameValidatesExportsAndCompiles(_ name: String) throws {
    let sandbox = try Sandbox()
    let file = Repository.root.appendingPathComponent("catalogue/\(name).scene.json").path
    let validate = try sandbox.run("validate", file)
    #expect(validate.status == 0, "\(validate.standardError)")
    for format in ["json", "svg", "lottie", "gif", "webp", "sprite", "png"] {
      let frame = format == "png" ? ["--frame", "0"] : []
      let export = try sandbox.run(["export", name, "--format", format, "-o", "out-\(format)/"] + frame)
      #expect(export.status == 0, "\(format): \(export.standardError)")
      #expect(try !sandbox.listing("out-\(format)").isEmpty, "\(format)")
    }
    #expect(try sandbox.run("compile", name, "-o", "\(name).lmscene").status == 0)
  }

  @Test func exportAllWritesThePresetsAndTheCatalogue() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "--all", "--format", "json", "-o", "all/")
    #expect(export.status == 0, "\(export.standardError)")
    let written = try sandbox.listing("all")
    for name in Indicator.builtInNames {
      #expect(written.contains(name + ".json"), "\(name)")
    }
  }

  /// BallPulse: circleSize = (60 − 2·2)/3 = 56/3 and dot i's frame at
  /// x = i·(56/3 + 2), y = (60 − 56/3)/2 = 62/3, so its centre is
  /// (28/3 + i·62/3, 30) and its radius 28/3. `transform.scale` keyframes
  /// 1, 0.3, 1 at 0, 0.3, 1 of 0.75 s, each segment through (0.2, 0.68,
  /// 0.18, 1.08), repeating, with beginTime 0.12·(i + 1). The loop starts at
  /// 0.36 s, so frame k is t = 0.36 + k/60.
  @Test func ballPulseAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-pulse")
    #expect(document.width == 60 && document.height == 60)
    for i in 0..<3 {
      guard case .dot(let center, let radius) = try #require(document.layer("circle\(i)")).shape else {
        Issue.record("circle\(i) is not a dot")
        continue
      }
      #expect(abs(center.x - (28.0 / 3 + Double(i) * 62 / 3)) < 1e-12 && abs(center.y - 30) < 1e-12)
      #expect(abs(radius - 28.0 / 3) < 1e-12)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 45 && loop.loop)
    // Frame 0 (t = 0.36): dot 0 is 0.24 s in (0.32 of its cycle, 2/70 into
    // the second segment), dot 1 0.12 s (0.16: 8/15 into the first), dot 2
    // begins (1).
    let expected: [(frame: Int, scales: [Double])] = [
      (0, [0.3701370171171775, 0.31721021382912573, 1]),
      // t = 0.51: 0.39, 0.27 and 0.15 s in.
      (9, [0.8900327788743025, 0.5187771160397211, 0.29834336071415335]),
      // t = 0.81: 0.69, 0.57 and 0.45 s in; the curve's y2 = 1.08 overshoots 1.
      (27, [1.0058178596219303, 1.0008341735623523, 0.9522765811888485]),
    ]
    for (frame, scales) in expected {
      for i in 0..<3 {
        #expect(abs(try value(loop, "circle\(i).scale", frame) - scales[i]) < 1e-6, "frame \(frame), circle\(i)")
        #expect(try value(loop, "circle\(i).opacity", frame) == 1)
      }
    }
  }

  /// BallScale: one dot of radius 30 at (30, 30); a group of
  /// `transform.scale` 0 → 1 and opacity 1 → 0 over 1 s under the group's
  /// easeInEaseOut (0.42, 0, 0.58, 1), repeating from t = 0.
  @Test func ballScaleAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-scale")
    #expect(document.layer("circle")?.shape == .dot(center: Point(30, 30), radius: 30))
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60)
    #expect(try value(loop, "circle.scale", 0) == 0 && value(loop, "circle.opacity", 0) == 1)
    // ease(0.25), ease(0.5) (not exactly 1/2: float32 control points) and ease(0.75).
    for (frame, eased) in [(15, 0.1291619387611898), (30, 0.5000000192687429), (45, 0.8708380777564557)] {
      #expect(abs(try value(loop, "circle.scale", frame) - eased) < 1e-6, "frame \(frame)")
      #expect(abs(try value(loop, "circle.opacity", frame) - (1 - eased)) < 1e-6, "frame \(frame)")
    }
  }

  /// BallScaleMultiple: three dots of radius 30 at (30, 30), each of model
  /// opacity 0; a linear group of `transform.scale` 0 → 1 and opacity
  /// keyframes 0, 1, 0 at 0, 0.05, 1, over 1 s, repeating, with beginTime 0,
  /// 0.2 and 0.4. The loop starts at 0.4 s: at frame k dot i is
  /// u = (0.4 + k/60 − 0.2·i) mod 1 into its cycle.
  @Test func ballScaleMultipleAsDerivedFromItsSource() throws {
    let loop = try #require(try document("nv-ball-scale-multiple").clip("loop"))
    #expect(loop.frameCount == 60)
    func opacity(_ u: Double) -> Double { u <= 0.05 ? u / 0.05 : 1 - (u - 0.05) / 0.95 }
    for frame in [0, 3, 30, 59] {
      for i in 0..<3 {
        let elapsed = 0.4 + Double(frame) / 60 - 0.2 * Double(i)
        let u = elapsed - elapsed.rounded(.down)
        #expect(abs(try value(loop, "circle\(i).scale", frame) - u) < 1e-9, "frame \(frame), circle\(i)")
        #expect(abs(try value(loop, "circle\(i).opacity", frame) - opacity(u)) < 1e-9, "frame \(frame), circle\(i)")
      }
    }
    // Frame 0 by hand: dot 0 is 0.4 s in (scale 0.4, opacity 1 − 0.35/0.95),
    // dot 2 begins (scale 0, opacity 0).
    #expect(abs(try value(loop, "circle0.scale", 0) - 0.4) < 1e-12)
    #expect(abs(try value(loop, "circle0.opacity", 0) - (1 - 0.35 / 0.95)) < 1e-12)
    #expect(try value(loop, "circle2.scale", 0) == 0 && value(loop, "circle2.opacity", 0) == 0)
  }

  /// BallBeat: the dots of BallPulse; a linear group of `transform.scale`
  /// 1, 0.75, 1 and opacity 1, 0.2, 1 at 0, 0.5, 1 of 0.7 s, repeating, with
  /// beginTime 0.35, 0 and 0.35. The loop starts at 0.35 s.
  @Test func ballBeatAsDerivedFromItsSource() throws {
    let loop = try #require(try document("nv-ball-beat").clip("loop"))
    #expect(loop.frameCount == 42)
    // Frame 0 (t = 0.35): the middle dot is half-way (0.75, 0.2), the outer
    // ones begin (1, 1).
    #expect(abs(try value(loop, "circle1.scale", 0) - 0.75) < 1e-12)
    #expect(abs(try value(loop, "circle1.opacity", 0) - 0.2) < 1e-12)
    #expect(try value(loop, "circle0.scale", 0) == 1 && value(loop, "circle2.opacity", 0) == 1)
    // Frame 21 (t = 0.7): the other way round.
    #expect(abs(try value(loop, "circle1.scale", 21) - 1) < 1e-12)
    #expect(abs(try value(loop, "circle0.scale", 21) - 0.75) < 1e-12)
    #expect(abs(try value(loop, "circle2.opacity", 21) - 0.2) < 1e-12)
    // Frame 10 (t = 0.35 + 1/6): the middle dot is 0.51666… s into its
    // cycle, 10/21 into the way back: 0.75 + 0.25·10/21 and 0.2 + 0.8·10/21;
    // the outer ones 1/6 s, 10/21 of the way down: 1 − 0.25·10/21, 1 − 0.8·10/21.
    #expect(abs(try value(loop, "circle1.scale", 10) - (0.75 + 0.25 * 10 / 21)) < 1e-12)
    #expect(abs(try value(loop, "circle1.opacity", 10) - (0.2 + 0.8 * 10 / 21)) < 1e-12)
    #expect(abs(try value(loop, "circle0.scale", 10) - (1 - 0.25 * 10 / 21)) < 1e-12)
    #expect(abs(try value(loop, "circle2.opacity", 10) - (1 - 0.8 * 10 / 21)) < 1e-12)
  }

  /// BallSpinFadeLoader: circleSize = (60 + 8)/5 = 13.6; dot i's frame at
  /// 23.2·(cos(iπ/4) + 1, sin(iπ/4) + 1) (radius 60/2 − 13.6/2 = 23.2), so
  /// its centre is that plus 6.8. A linear group of `transform.scale` 1,
  /// 0.4, 1 and opacity 1, 0.3, 1 at 0, 0.5, 1 of 1 s, repeating, with
  /// beginTime 0.12·i. The loop starts at 0.84 s.
  @Test func ballSpinFadeLoaderAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-spin-fade-loader")
    guard case .dot(let right, let radius) = try #require(document.layer("circle0")).shape,
      case .dot(let bottom, _) = try #require(document.layer("circle2")).shape
    else { throw CatalogueError.notADot }
    #expect(abs(right.x - 53.2) < 1e-12 && abs(right.y - 30) < 1e-12 && abs(radius - 6.8) < 1e-12)
    #expect(abs(bottom.x - 30) < 1e-12 && abs(bottom.y - 53.2) < 1e-12)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60)
    func scale(_ u: Double) -> Double { u <= 0.5 ? 1 - 1.2 * u : 0.4 + 1.2 * (u - 0.5) }
    func opacity(_ u: Double) -> Double { u <= 0.5 ? 1 - 1.4 * u : 0.3 + 1.4 * (u - 0.5) }
    // Frame 0 (t = 0.84): dot 7 begins (1, 1); dot 0 is 0.84 s in,
    // 0.68 of the way back: 0.4 + 0.6·0.68 = 0.808, 0.3 + 0.7·0.68 = 0.776.
    #expect(try value(loop, "circle7.scale", 0) == 1 && value(loop, "circle7.opacity", 0) == 1)
    #expect(abs(try value(loop, "circle0.scale", 0) - 0.808) < 1e-12)
    #expect(abs(try value(loop, "circle0.opacity", 0) - 0.776) < 1e-12)
    for frame in [6, 30, 59] {
      for i in 0..<8 {
        let elapsed = 0.84 + Double(frame) / 60 - 0.12 * Double(i)
        let u = elapsed - elapsed.rounded(.down)
        #expect(abs(try value(loop, "circle\(i).scale", frame) - scale(u)) < 1e-9, "frame \(frame), circle\(i)")
        #expect(abs(try value(loop, "circle\(i).opacity", frame) - opacity(u)) < 1e-9, "frame \(frame), circle\(i)")
      }
    }
  }

  /// CircleStrokeSpin: NVActivityIndicatorShape.stroke, an arc about
  /// (30, 30) of radius 30 from −π/2 clockwise through 2π, stroked 2 pt, in
  /// a layer the size of the view (so it turns about the arc's centre). A
  /// 1.7 s group, repeating: `transform.rotation` by float(π)·2 over the
  /// whole group, linear; strokeEnd 0 → 1 over 0.7 s and strokeStart 0 → 1
  /// over 1.2 s from 0.5 s, both through (0.4, 0, 0.2, 1). A document draws
  /// the trimmed arc from 3π/2 + 2π·strokeStart + rotation through
  /// 2π·(strokeEnd − strokeStart).
  @Test func circleStrokeSpinAsDerivedFromItsSource() throws {
    let document = try document("nv-circle-stroke-spin")
    #expect(document.layer("circle")?.shape == .arc(center: Point(30, 30), radius: 30))
    #expect(document.layer("circle")?.style.lineWidth == 2)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 102 && loop.loop)
    let expected: [(frame: Int, rotation: Double, strokeStart: Double, strokeEnd: Double)] = [
      // Frame 0: nothing drawn yet.
      (0, 0, 0, 0),
      // t = 0.35: half-way through strokeEnd's 0.7 s; strokeStart not begun.
      (21, 1.293597011005177, 0, 0.775561307983341),
      // t = 0.85: half a turn of float(π)·2; strokeEnd done (its model 1),
      // strokeStart 0.35 s into its 1.2 s.
      (51, 3.1415927410125732, 0.34455365581528064, 1),
      // t = 1.5.
      (90, 5.543987190022188, 0.9833586355127371, 1),
    ]
    for (frame, rotation, strokeStart, strokeEnd) in expected {
      let start = try value(loop, "circle.start", frame)
      let sweep = try value(loop, "circle.sweep", frame)
      #expect(abs(sweep - 2 * pi * (strokeEnd - strokeStart)) < 1e-5, "frame \(frame)")
      if strokeEnd > strokeStart {
        #expect(sameAngle(start, 1.5 * pi + 2 * pi * strokeStart + rotation, within: 1e-5), "frame \(frame)")
      }
    }
  }

  enum CatalogueError: Error { case notADot }
}
