import Testing
@testable import LoadmarkCore
import LoadmarkJSON

/// Seed 000: values derived by hand from `AnimationView` and `CCArcMoveLayer`.
struct ResultMarkPresetTests {
  let pi = Double.pi
  let success = Sampled("success")
  let error = Sampled("error")

  @Test func clipAndLayers() {
    #expect(success.document.layers.map(\.id) == ["border", "ring", "check"])
    #expect(error.document.layers.map(\.id) == ["border", "ring", "cross"])
    let main = success.document.clip("main")!
    #expect(main.duration == 1.5 && main.frameCount == 91 && !main.loop && main.index == .time)
    #expect(success.document.width == 50 && success.document.height == 50)
  }

  @Test func staticGeometry() {
    // Border: view at (1, 1), 48 wide, 1 pt border inside: radius 23.5.
    #expect(success.document.layer("border")!.shape == .arc(center: Point(25, 25), radius: 23.5))
    #expect(success.value("main", "border.sweep", frame: 0) == 2 * pi)
    // Ring: 43 pt layer, radius 43/2 − 1.5 = 20, width 3, butt caps.
    let ring = success.document.layer("ring")!
    #expect(ring.shape == .arc(center: Point(25, 25), radius: 20))
    #expect(ring.style.lineWidth == 3 && ring.style.lineCap == .butt)
    #expect(ring.style.stroke == Color(hex: "#F98680"))
    guard case .path(let check) = success.document.layer("check")!.shape else {
      Issue.record("check is not a path")
      return
    }
    #expect(check.subpaths == [Path.Subpath(start: Point(10, 25), segments: [.line(to: Point(21, 33)), .line(to: Point(37.5, 15))])])
    guard case .path(let cross) = error.document.layer("cross")!.shape else {
      Issue.record("cross is not a path")
      return
    }
    #expect(cross.subpaths == [
      Path.Subpath(start: Point(15.5, 15.5), segments: [.line(to: Point(34.5, 34.5))]),
      Path.Subpath(start: Point(34.5, 15.5), segments: [.line(to: Point(15.5, 34.5))]),
    ])
  }

  @Test func ringSweepsCounterClockwiseFromThreePi() {
    // Start 3π wraps to π; sweep = −3π·t over the first second.
    #expect(success.value("main", "ring.start", frame: 45) == pi)
    #expect(success.value("main", "ring.sweep", frame: 0) == 0)
    #expect(success.value("main", "ring.sweep", frame: 30) == -1.5 * pi)
    #expect(abs(success.value("main", "ring.sweep", frame: 39) - -1.95 * pi) < 1e-14)
    // A full circle from t = 2/3 s (frame 40) on, and after the animation
    // the model progress 1 keeps it.
    for frame in [40, 41, 50, 60, 90] {
      #expect(success.value("main", "ring.sweep", frame: frame) == -2 * pi, "frame \(frame)")
    }
  }

  @Test func markStrokesAfterTheRing() {
    for sampled in [success, error] {
      let mark = sampled.document.layers[2].id
      #expect(sampled.value("main", "\(mark).opacity", frame: 59) == 0)
      #expect(sampled.value("main", "\(mark).opacity", frame: 60) == 1)
      #expect(sampled.value("main", "\(mark).strokeEnd", frame: 60) == 0)
      // t = 1.25: easeOut(0.5) of the group's time.
      #expect(sampled.value("main", "\(mark).strokeEnd", frame: 75) == TimingFunction.easeOut(0.5))
      #expect(abs(sampled.value("main", "\(mark).strokeEnd", frame: 75) - 0.6846431953073085) < 3e-7)
      // After removal the model strokeEnd 1 shows.
      #expect(sampled.value("main", "\(mark).strokeEnd", frame: 90) == 1)
      #expect(sampled.value("main", "\(mark).strokeStart", frame: 80) == 0)
    }
  }

  @Test func crossFinishesItsFirstStrokeAtOneHalf() {
    guard case .path(let cross) = error.document.layer("cross")!.shape else { return }
    let half = cross.trimmed(from: 0, to: 0.5)
    #expect(half.subpaths.count == 1)
    #expect(half.currentPoint == Point(34.5, 34.5))
    #expect(cross.trimmed(from: 0, to: 0.5000001).subpaths.count == 2)
    // strokeEnd passes 0.5 where easeOut(x) = 0.5, x ≈ 0.35: between
    // t = 1.1667 s (frame 70) and 1.1833 s (frame 71).
    #expect(error.value("main", "cross.strokeEnd", frame: 70) < 0.5)
    #expect(error.value("main", "cross.strokeEnd", frame: 71) > 0.5)
  }
}
