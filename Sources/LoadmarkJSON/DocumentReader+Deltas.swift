import LoadmarkCore

extension DocumentReader {
  /// The values of a delta track, `{"decimals": D, "deltas": [k0, d1, …]}`:
  /// value i is the running sum k0 + d1 + … + di, an exact integer, divided
  /// once by 10^D. Every delta must be an integer and every running sum at
  /// most 2^53 − 1 in magnitude, so that summing in doubles never rounds and
  /// each value is the one Double the writer rounded to.
  static func deltaValues(_ node: JSONNode, frameCount: Int) throws(ValidationError) -> [Double] {
    try node.rejectUnknownFields(allowed: deltaTrackFields)
    let decimals = try node.required("decimals").integer(in: 0...maximumDeltaDecimals)
    let deltasNode = try node.required("deltas")
    guard deltasNode.value.kind == .array else {
      throw deltasNode.expected("an array of \(counted(frameCount, "integer"))")
    }
    let count = deltasNode.value.elementCount
    guard count == frameCount else {
      throw deltasNode.failure("expected \(counted(frameCount, "value")), got \(count)")
    }
    let scale = Double.exactPowerOfTen(decimals)
    var values: [Double] = []
    values.reserveCapacity(count)
    var sum = 0.0
    for index in 0..<count {
      // The fast path reads the number without wrapping the element.
      guard let delta = deltasNode.value.number(at: index), delta.isFinite, delta == delta.rounded(.towardZero) else {
        throw element(deltasNode, index).expected("an integer")
      }
      // Both are integers and the sum's magnitude is checked at every step,
      // so this addition is exact whenever its result passes the check: an
      // exact sum over 2^53 − 1 never rounds down to 2^53 − 1 or less.
      sum += delta
      guard sum.magnitude <= .largestSafeInteger else {
        throw element(deltasNode, index).failure("running sum exceeds 2^53 − 1 in magnitude")
      }
      values.append(sum / scale)
    }
    return values
  }

  /// Element `index` of the array in `node`, with its path.
  private static func element(_ node: JSONNode, _ index: Int) -> JSONNode {
    JSONNode(value: node.value.element(at: index)!, path: node.path.index(index))
  }
}
