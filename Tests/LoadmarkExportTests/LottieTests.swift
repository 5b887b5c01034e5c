import Foundation
import LoadmarkCore
import LoadmarkTestSupport
import Testing

@testable import LoadmarkExport

/// The Lottie export, read back with Foundation and its keyframes evaluated
/// at every frame: each track of every preset comes out as the document says.
struct LottieTests {
  static func lottie(_ document: FrameDocument) throws -> [String: Any] {
    let text = LottieWriter.encode(document)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The value of a Lottie property at frame `t`: fixed, or keyframes that
  /// hold (`h`), or ease by their `o`/`i` handles (linear on the diagonal).
  static func value(_ property: [String: Any], at t: Double, index: Int = 0) -> Double {
    if property["a"] as? Int == 0 {
      let k = property["k"]!
      return (k as? [Double])?[index] ?? (k as! Double)
    }
    let keys = property["k"] as! [[String: Any]]
    let times = keys.map { ($0["t"] as! NSNumber).doubleValue }
    let values = keys.map { ($0["s"] as! [Double])[index] }
    guard let next = times.firstIndex(where: { $0 > t }) else { return values.last! }
    let current = max(0, next - 1)
    let key = keys[current]
    if key["h"] as? Int == 1 || next == 0 { return values[current] }
    let o = key["o"] as! [String: [Double]]
    let i = key["i"] as! [String: [Double]]
    let curve = TimingFunction(exactControlPoints: o["x"]![0], o["y"]![0], i["x"]![0], i["y"]![0])
    let p = (t - times[current]) / (times[next] - times[current])
    return values[current] + (values[next] - values[current]) * curve(p)
  }

  /// A layer's shape item of type `type`: among its shapes when it has one
  /// style, else from its stroke group, then its fill group.
  static func item(_ layer: [String: Any], _ type: String) -> [String: Any]? {
    let shapes = layer["shapes"] as! [[String: Any]]
    if let item = shapes.first(where: { $0["ty"] as? String == type }) { return item }
    for group in shapes where group["ty"] as? String == "gr" {
      if let item = (group["it"] as! [[String: Any]]).first(where: { $0["ty"] as? String == type }) { return item }
    }
    return nil
  }

  @Test("every track of every preset, at every frame, from the keyframes", arguments: Indicator.presetNames)
  func keyframesReproduceTheFrames(name: String) throws {
    let document = try #require(Indicator.named(name)).frames().rounded(to: .compact)
    let lottie = try LottieTests.lottie(document)
    let layers = lottie["layers"] as! [[String: Any]]
    #expect(layers.map { $0["nm"] as! String } == document.layers.reversed().map(\.id))
    var start = 0
    for clip in document.clips {
      for layer in document.layers {
        let json = layers.first { $0["nm"] as? String == layer.id }!
        for frame in 0..<clip.frameCount {
          let t = Double(start + frame)
          let value = { (property: FrameDocument.TrackProperty) in clip.track(layer.id, property)!.value(at: frame) }
          let where_ = "\(name) \(clip.name) \(layer.id) frame \(frame)"
          let opacity = LottieTests.value((json["ks"] as! [String: Any])["o"] as! [String: Any], at: t)
          #expect(abs(opacity - min(max(value(.opacity), 0), 1) * 100) <= 0.21, "\(where_) opacity \(opacity)")
          guard value(.opacity) > 0 else { continue }
          switch layer.shape {
          case .arc:
            let trim = try #require(LottieTests.item(json, "tm"))
            let end = LottieTests.value(trim["e"] as! [String: Any], at: t)
            let sweep = value(.sweep)
            #expect(abs(end - min(abs(sweep), 2 * .pi) / (2 * .pi) * 100) <= 0.011, "\(where_) end \(end)")
            if abs(sweep) > 1e-9 && abs(sweep) < 2 * .pi {
              let offset = LottieTests.value(trim["o"] as! [String: Any], at: t)
              let expected = (value(.start) + min(sweep, 0)) * 180 / .pi + 90
              let turns = ((offset - expected) / 360).rounded()
              #expect(abs(offset - expected - turns * 360) <= 0.051, "\(where_) offset \(offset), expected \(expected)")
            }
          case .path:
            let trim = try #require(LottieTests.item(json, "tm"))
            let start = LottieTests.value(trim["s"] as! [String: Any], at: t)
            let end = LottieTests.value(trim["e"] as! [String: Any], at: t)
            #expect(abs(start - value(.strokeStart) * 100) <= 0.011, "\(where_) start")
            #expect(abs(end - max(value(.strokeEnd), value(.strokeStart)) * 100) <= 0.011, "\(where_) end \(end)")
          case .dot(_, let radius):
            let ellipse = try #require(LottieTests.item(json, "el"))
            let size = LottieTests.value(ellipse["s"] as! [String: Any], at: t)
            #expect(abs(size - 2 * radius * value(.scale)) <= 0.021, "\(where_) size \(size)")
          case .roundedRect, .polygon:
            break
          }
        }
      }
      start += clip.frameCount
    }
  }

  @Test func oneMarkerPerClipOnOneTimeline() throws {
    let document = try #require(Indicator.named("progress")).frames()
    let lottie = try LottieTests.lottie(document)
    let markers = (lottie["markers"] as! [[String: Any]]).map { ($0["cm"] as! String, $0["tm"] as! Int, $0["dr"] as! Int) }
    #expect(markers.map(\.0) == ["demo", "progress", "done"])
    #expect(markers.map(\.1) == [0, 127, 228])
    #expect(markers.map(\.2) == [127, 101, 61])
    #expect(lottie["op"] as? Int == 289)
    #expect(lottie["fr"] as? Int == 60)
    #expect(lottie["v"] as? String == "5.7.0")
  }

  @Test func layersWriteDddFirstAndKeyframesCarryEasings() throws {
    let text = LottieWriter.encode(try #require(Indicator.named("success")).frames())
    // rlottie drops a layer's rotation when "ddd" comes after "ks".
    #expect(text.contains(#"{"ddd":0,"ty":4,"nm":"border""#))
    let lottie = try LottieTests.lottie(try #require(Indicator.named("success")).frames())
    for layer in lottie["layers"] as! [[String: Any]] {
      let opacity = (layer["ks"] as! [String: Any])["o"] as! [String: Any]
      guard opacity["a"] as? Int == 1 else { continue }
      for key in opacity["k"] as! [[String: Any]] {
        #expect(key["h"] != nil || (key["o"] != nil && key["i"] != nil))
      }
    }
  }

  @Test func theShadowIsADropShadowEffect() throws {
    let lottie = try LottieTests.lottie(try #require(Indicator.named("refresh")).frames())
    let background = (lottie["layers"] as! [[String: Any]]).first { $0["nm"] as? String == "background" }!
    let effect = try #require((background["ef"] as? [[String: Any]])?.first)
    #expect(effect["ty"] as? Int == 25)
    let values = (effect["ef"] as! [[String: Any]]).map { ($0["v"] as! [String: Any])["k"] }
    // Black; opacity 0.1 of 255; offset (3, 3) is 135° clockwise from up, 3√2 away; blur 5 is softness 10.
    #expect(values[0] as? [Double] == [0, 0, 0, 1])
    #expect(values[1] as? Double == 25.5)
    #expect(values[2] as? Int == 135)
    #expect(values[3] as? Double == 4.243)
    #expect(values[4] as? Int == 10)
  }

  /// Comparable public Lottie files (tools/bench/inputs/lottie, with their
  /// sources in the README there): the error cross, three dots, a success tick.
  static let anchors = ["error": "failure.json", "dots": "jumping-dots.json", "success": "success.json"]

  @Test("each Lottie export is smaller gzipped than the comparable public file", arguments: ["error", "dots", "success"])
  func smallerThanThePublicFile(name: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let anchor = try Data(contentsOf: root.appendingPathComponent("tools/bench/inputs/lottie/" + LottieTests.anchors[name]!))
    let text = LottieWriter.encode(try #require(Indicator.named(name)).frames())
    let size = try gzipSize(Data(text.utf8))
    let public_ = try gzipSize(anchor)
    // Both through gzip's standard input, with no file name in the header:
    // 806, 751 and 2,377 bytes for the public files (819, 769, 2,390 with it).
    #expect(size < public_, "\(name): \(size) bytes gzipped, the public file \(public_)")
  }
}
