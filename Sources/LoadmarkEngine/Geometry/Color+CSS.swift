import LoadmarkText

extension Color {
  /// Parses a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
  /// `rgb(…)`/`rgba(…)` with numbers from 0 to 255 or percentages
  /// (comma- or space-separated, alpha after `,` or `/`, as a number from 0
  /// to 1 or a percentage), `transparent`, or one of CSS's 148 colour names
  /// (case-insensitive). Channels round half away from zero.
  public init?(css text: [UInt8]) {
    let lower = text.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    if lower.first == UInt8(ascii: "#") {
      guard let color = Color.hexDigits(Array(lower.dropFirst())) else { return nil }
      self = color
    } else if lower.starts(with: ByteText.bytes(of: "rgb")) {
      guard let color = Color.functional(lower) else { return nil }
      self = color
    } else if ByteText.equal(lower, "transparent") {
      self = Color(red: 0, green: 0, blue: 0, alpha: 0)
    } else {
      guard let color = Color.named(lower) else { return nil }
      self = color
    }
  }

  /// `rgb`, `rgba`, `rrggbb` or `rrggbbaa` in lower-case hex digits.
  static func hexDigits(_ digits: [UInt8]) -> Color? {
    var values: [UInt8] = []
    for byte in digits {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(byte - UInt8(ascii: "a") + 10)
      default: return nil
      }
    }
    switch values.count {
    case 3, 4:
      return Color(
        red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17, alpha: values.count == 4 ? values[3] * 17 : 255)
    case 6, 8:
      return Color(
        red: values[0] << 4 | values[1], green: values[2] << 4 | values[3], blue: values[4] << 4 | values[5],
        alpha: values.count == 8 ? values[6] << 4 | values[7] : 255)
    default:
      return nil
    }
  }

  /// `rgb(r, g, b)`, `rgba(r, g, b, a)`, `rgb(r g b / a)`.
  static func functional(_ text: [UInt8]) -> Color? {
    guard let open = text.firstIndex(of: UInt8(ascii: "(")), text.last == UInt8(ascii: ")") else { return nil }
    let name = text[..<open]
    guard ByteText.equal(Array(name), "rgb") || ByteText.equal(Array(name), "rgba") else { return nil }
    var parts: [[UInt8]] = []
    var current: [UInt8] = []
    var sawSlash = false
    for byte in text[(open + 1)..<(text.count - 1)] {
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") {
        if byte == UInt8(ascii: "/") { sawSlash = true }
        if !current.isEmpty { parts.append(current) }
        current = []
      } else {
        current.append(byte)
      }
    }
    if !current.isEmpty { parts.append(current) }
    guard parts.count == 3 || parts.count == 4, !sawSlash || parts.count == 4 else { return nil }
    var channels: [UInt8] = []
    for part in parts.prefix(3) {
      guard let value = Color.component(part, scale: 255) else { return nil }
      channels.append(value)
    }
    var alpha: UInt8 = 255
    if parts.count == 4 {
      guard let value = Color.component(parts[3], scale: 1) else { return nil }
      alpha = value
    }
    return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
  }

  /// One component: a number on a 0…`scale` range or a percentage, as an
  /// 8-bit channel.
  static func component(_ text: [UInt8], scale: Double) -> UInt8? {
    var digits = text
    var percent = false
    if digits.last == UInt8(ascii: "%") {
      percent = true
      digits.removeLast()
    }
    guard !digits.isEmpty, let scanned = digits.withUnsafeBytes({ NumberScanner.scan($0, from: 0, json: false) }),
      scanned.end == digits.count, case .value(let number) = scanned.value
    else { return nil }
    return Color.channel(percent ? number / 100 : number / scale)
  }

  /// The named colour of CSS called `name`, in any case: one of the 148
  /// names every browser knows, for the command line's `--color`
  /// (`transparent` and `currentcolor` are keywords, not colours, and not
  /// among them).
  package static func cssNamed(_ name: String) -> Color? {
    named(Array(name.utf8).map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 })
  }

  /// The 148 names ``cssNamed(_:)`` knows, in alphabetical order.
  package static var cssNameList: [String] {
    let table = Color.cssNames
    let text = String(decoding: UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount), as: UTF8.self)
    // "name rrggbb " pairs: every other word.
    let words = text.split(separator: " ")
    return stride(from: 0, to: words.count, by: 2).map { String(words[$0]) }
  }

  /// A CSS colour name, in lower case.
  static func named(_ name: [UInt8]) -> Color? {
    // "name rrggbb " pairs, searched in place.
    let table = Color.cssNames
    let bytes = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
    var start = 0
    while start < bytes.count {
      var space = start
      while bytes[space] != UInt8(ascii: " ") { space += 1 }
      if space - start == name.count && name.indices.allSatisfy({ name[$0] == bytes[start + $0] }) {
        return hexDigits(Array(bytes[(space + 1)..<(space + 7)]))
      }
      start = space + 8
    }
    return nil
  }

  /// CSS Color Module Level 4's named colours.
  static let cssNames: StaticString = """
    aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 \
    black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 cadetblue 5f9ea0 \
    chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff \
    darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 \
    darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000 \
    darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f \
    darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 \
    dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc \
    ghostwhite f8f8ff gold ffd700 goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 \
    honeydew f0fff0 hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa \
    lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff \
    lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 \
    lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 \
    lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 \
    mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371 \
    mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585 \
    midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead navy 000080 \
    oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500 orchid da70d6 palegoldenrod eee8aa \
    palegreen 98fb98 paleturquoise afeeee palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f \
    pink ffc0cb plum dda0dd powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f \
    royalblue 4169e1 saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee \
    sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa \
    springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 turquoise 40e0d0 \
    violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32 \

    """
}
