import LoadmarkCore

extension DocumentWriter {
  /// A varying track as `{"decimals": decimals, "deltas": [k0, d1, d2, …]}`:
  /// k_i is value i in whole units of 10^-decimals and d_i = k_i − k_(i−1),
  /// so that value i = (k0 + d1 + … + di) / 10^decimals.
  ///
  /// Nil, for the caller to write a plain array, when that sum would not
  /// give back some value bit for bit: a value that is not finite, whose
  /// quanta or step from the one before exceed 2^53 − 1 (a reader summing in
  /// doubles could lose it), or that is not the Double nearest a whole
  /// number of quanta, such as −0 or a value that was not rounded first.
  static func deltaObject(_ values: [Double], decimals: Int) throws(JanssonError) -> JSONValue? {
    let scale = Double.exactPowerOfTen(decimals)
    let deltas = try JSONValue.array()
    var previous: Int64 = 0
    for value in values {
      guard value.isFinite else { return nil }
      let scaled = (value * scale).rounded()
      guard scaled.magnitude <= .largestSafeInteger else { return nil }
      let quanta = Int64(scaled)
      guard (Double(quanta) / scale).bitPattern == value.bitPattern else { return nil }
      let delta = quanta - previous
      guard delta.magnitude <= UInt64(Double.largestSafeInteger) else { return nil }
      try deltas.append(.integer(delta))
      previous = quanta
    }
    let object = try JSONValue.object()
    try object.set("decimals", .integer(Int64(decimals)))
    try object.set("deltas", deltas)
    return object
  }
}
