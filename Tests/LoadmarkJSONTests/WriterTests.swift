import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Writer")
struct WriterTests {
  /// One rounded rectangle whose opacity track holds `values` over a time clip.
  static func opacityDocument(_ values: [Double], fill: Color? = .white) -> FrameDocument {
    FrameDocument(
      preset: "demo", fps: 60, width: 40, height: 40,
      layers: [Layer(id: "bg", shape: .roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8), style: Style(fill: fill))],
      clips: [
        Clip(
          name: "idle", index: .time, frameCount: values.count, duration: 0.05, loop: false,
          tracks: [Track(layer: "bg", property: .opacity, values: .frames(values))])
      ])
  }

  @Test("compact output: key order, no spaces, quantised numbers, integers without a fraction")
  func compactExact() {
    let document = WriterTests.opacityDocument([3.14159265, 0.30000000000000004, 1.0, -0.0])
    let head =
      ##"{"format":"loadmark","version":2,"preset":"demo","fps":60,"width":40,"height":40,"##
      + ##""layers":[{"id":"bg","kind":"roundedRect","rect":[0,0,40,40],"cornerRadius":8,"fill":"#ffffff"}],"##
      + ##""clips":[{"name":"idle","index":"time","frames":4,"duration":0.05,"loop":false,"##
    // 3.1416, 0.3, 1 and 0 are 31416, 3000, 10000 and 0 ten-thousandths.
    #expect(DocumentWriter.encode(document) == head + ##""tracks":{"bg.opacity":{"decimals":4,"deltas":[31416,-28416,7000,-10000]}}}]}"##)
    // Asked for plain arrays, the same values print as short decimals, −0 as 0.
    #expect(DocumentWriter.encode(document, tracks: .plain) == head + ##""tracks":{"bg.opacity":[3.1416,0.3,1,0]}}]}"##)
  }

  @Test("a delta track checked by hand: 0, 0.1, 0.25, −0.5 at 4 decimals")
  func deltasByHand() {
    let text = DocumentWriter.encode(WriterTests.opacityDocument([0, 0.1, 0.25, -0.5]))
    // 0, 1000, 2500 and −5000 ten-thousandths; each delta is the step from the one before.
    #expect(text.hasSuffix(##""tracks":{"bg.opacity":{"decimals":4,"deltas":[0,1000,1500,-7500]}}}]}"##))
  }

  @Test("compact tracks are deltas unless asked otherwise; full tracks are always plain arrays")
  func trackEncodingChoice() {
    let document = WriterTests.opacityDocument([0, 0.5, 1])
    let deltas = ##""tracks":{"bg.opacity":{"decimals":4,"deltas":[0,5000,5000]}}}]}"##
    let plain = ##""tracks":{"bg.opacity":[0,0.5,1]}}]}"##
    #expect(DocumentWriter.encode(document).hasSuffix(deltas))
    #expect(DocumentWriter.encode(document, precision: .compact, tracks: .deltas).hasSuffix(deltas))
    #expect(DocumentWriter.encode(document, precision: .compact, tracks: .plain).hasSuffix(plain))
    #expect(DocumentWriter.encode(document, precision: .full).hasSuffix(plain))
    #expect(DocumentWriter.encode(document, precision: .full, tracks: .plain).hasSuffix(plain))
    // Deltas with full precision would have to round; the writer writes plain arrays instead.
    #expect(DocumentWriter.encode(document, precision: .full, tracks: .deltas).hasSuffix(plain))
    #expect(
      DocumentWriter.encode(Samples.awkward, precision: .full, tracks: .deltas)
        == DocumentWriter.encode(Samples.awkward, precision: .full))
  }

  @Test("a track whose quanta or steps would pass 2^53 − 1 is written as a plain array instead")
  func deltasOutOfRange() {
    // 1e12 is 1e16 ten-thousandths, over 2^53 − 1 ≈ 9.007e15.
    #expect(
      DocumentWriter.encode(WriterTests.opacityDocument([0, 1e12]))
        .hasSuffix(##""tracks":{"bg.opacity":[0,1000000000000]}}]}"##))
    // ±5e11 are ∓5e15 ten-thousandths, each in range, but the step between them is 1e16.
    #expect(
      DocumentWriter.encode(WriterTests.opacityDocument([-5e11, 5e11]))
        .hasSuffix(##""tracks":{"bg.opacity":[-500000000000,500000000000]}}]}"##))
    // 9e11 is 9e15 ten-thousandths, just in range, and so is the step to it.
    #expect(
      DocumentWriter.encode(WriterTests.opacityDocument([0, 9e11]))
        .hasSuffix(##""tracks":{"bg.opacity":{"decimals":4,"deltas":[0,9000000000000000]}}}]}"##))
  }

  @Test("full output keeps every digit and the sign of zero")
  func fullExact() {
    let document = WriterTests.opacityDocument([0.1 + 0.2, 1.0 / 3, 1.0, -0.0, 9_007_199_254_740_992, -1e20])
    let text = DocumentWriter.encode(document, precision: .full)
    #expect(text.hasSuffix(##""tracks":{"bg.opacity":[0.30000000000000004,0.33333333333333331,1,-0.0,9007199254740992.0,-1e20]}}]}"##))
  }

  @Test("every layer kind and style field, in order, in compact form")
  func sampleExact() {
    let expected =
      ##"{"format":"loadmark","version":2,"preset":"sample","fps":60,"width":40,"height":40.5,"layers":["##
      + ##"{"id":"bg-0","kind":"roundedRect","rect":[0,0,40,40],"cornerRadius":8,"fill":"#808080"},"##
      + ##"{"id":"ring","kind":"arc","center":[20,20.25],"radius":17.5,"stroke":"#3478f6","lineWidth":3,"lineCap":"round","role":"accent"},"##
      + ##"{"id":"check","kind":"path","subpaths":[{"move":[12,21],"segments":[{"line":[18,27]},{"line":[29,14]}]},"##
      + ##"{"move":[24,34],"segments":[{"arc":[24,30,4,1.5708,-4.7124]},{"line":[30,36.13]}]}],"##
      + ##""stroke":"#ffffff","lineWidth":2.5,"lineCap":"square","lineJoin":"bevel","miterLimit":4},"##
      + ##"{"id":"dot_1","kind":"dot","center":[0.3,0.33],"radius":2,"fill":"#ff000080","##
      + ##""shadow":{"color":"#000000","opacity":0.5,"offset":[0,1],"radius":3}}],"clips":["##
      + ##"{"name":"spin","index":"time","frames":4,"duration":0.0667,"loop":true,"tracks":{"bg-0.opacity":1,"##
      + ##""ring.start":{"decimals":4,"deltas":[0,15708,15708,15708]},"ring.sweep":4.7124,"ring.opacity":1,"##
      + ##""check.strokeStart":0,"check.strokeEnd":{"decimals":4,"deltas":[0,3333,-333,7000]},"check.opacity":0,"##
      + ##""dot_1.scale":{"decimals":4,"deltas":[10000,0,0,0]},"dot_1.opacity":0.75}},"##
      + ##"{"name":"flash","index":"time","frames":1,"duration":0,"loop":false,"tracks":{"bg-0.opacity":1,"##
      + ##""ring.start":0,"ring.sweep":4.7124,"ring.opacity":1,"check.strokeStart":0,"check.strokeEnd":0,"##
      + ##""check.opacity":0,"dot_1.scale":1,"dot_1.opacity":0.75}},"##
      + ##"{"name":"drag","index":"progress","frames":3,"loop":false,"tracks":{"bg-0.opacity":1,"##
      + ##""ring.start":1.5708,"ring.sweep":4.7124,"ring.opacity":1,"check.strokeStart":0,"##
      + ##""check.strokeEnd":{"decimals":4,"deltas":[0,5000,5000]},"##
      + ##""check.opacity":0,"dot_1.scale":1,"dot_1.opacity":0.75}}]}"##
    let text = DocumentWriter.encode(Samples.document)
    #expect(text == expected)
    #expect(!text.contains(" ") && !text.contains("\n"))
  }

  @Test("repeated encodes are byte-identical, in either precision", arguments: Precision.allCases)
  func deterministic(precision: Precision) {
    let first = DocumentWriter.encode(Samples.document, precision: precision)
    for _ in 0..<5 {
      #expect(DocumentWriter.encode(Samples.document, precision: precision) == first)
    }
  }

  @Test("track order in the clip does not change the output")
  func trackOrderIgnored() {
    var shuffled = Samples.document
    shuffled.clips[0].tracks.reverse()
    shuffled.clips[2].tracks.swapAt(0, 5)
    #expect(DocumentWriter.encode(shuffled) == DocumentWriter.encode(Samples.document))
  }

  @Test("style fields at their defaults are omitted; absent colours mean no paint")
  func defaultsOmitted() {
    let plain = WriterTests.opacityDocument([1], fill: nil)
    let text = DocumentWriter.encode(plain)
    #expect(text.contains(##"{"id":"bg","kind":"roundedRect","rect":[0,0,40,40],"cornerRadius":8}"##))
    for field in ["stroke", "fill", "lineWidth", "lineCap", "lineJoin", "miterLimit", "shadow"] {
      #expect(!text.contains("\"\(field)\""))
    }
  }

  @Test("the writer does not validate: a NaN is written as null and the reader points at it")
  func nonFiniteWrittenAsNull() {
    var document = WriterTests.opacityDocument([1])
    document.clips[0].tracks[0].values = .constant(.nan)
    let text = DocumentWriter.encode(document, precision: .full)
    #expect(text.contains(##""tracks":{"bg.opacity":null}"##))
    let message = ##"expected a number, an array of 1 number or an object {"decimals", "deltas"}, got null"##
    #expect(throws: DocumentError(source: "nan.json", location: .field(##"clips[0].tracks["bg.opacity"]"##), message: message)) {
      try DocumentReader.decode(text, source: "nan.json")
    }
  }

  @Test("a varying track with a NaN cannot be deltas: it is a plain array with a null, and the reader points at it")
  func nonFiniteFramesWrittenPlain() {
    let text = DocumentWriter.encode(WriterTests.opacityDocument([0.5, .nan, 1]))
    #expect(text.hasSuffix(##""tracks":{"bg.opacity":[0.5,null,1]}}]}"##))
    let message = "expected a finite number, got null"
    #expect(throws: DocumentError(source: "nan.json", location: .field(##"clips[0].tracks["bg.opacity"][1]"##), message: message)) {
      try DocumentReader.decode(text, source: "nan.json")
    }
  }

  @Test("a track that matches no layer is still written, after the expected ones")
  func strayTrackKept() {
    var document = WriterTests.opacityDocument([1])
    document.clips[0].tracks.insert(Track(layer: "ghost", property: .scale, values: .constant(2)), at: 0)
    let text = DocumentWriter.encode(document)
    #expect(text.hasSuffix(##""tracks":{"bg.opacity":{"decimals":4,"deltas":[10000]},"ghost.scale":2}}]}"##))
  }
}
