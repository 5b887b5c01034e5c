/// How the writer spells a track that varies from frame to frame; a
/// constant track is one number either way.
public enum TrackEncoding: String, Sendable, CaseIterable {
  /// `{"decimals": 4, "deltas": [k0, d1, d2, …]}`: the values as whole
  /// numbers of 10^-4, each written as its step from the one before. Small
  /// integers repeat far more than printed decimals, so documents are smaller
  /// raw and much smaller compressed. Compact documents only: full values
  /// are not whole numbers of any quantum, so full documents write ``plain``.
  case deltas
  /// `[v0, v1, v2, …]`: every frame's value as a number.
  case plain
}
