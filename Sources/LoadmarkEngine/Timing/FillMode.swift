/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: String, Equatable, Hashable, Sendable, CaseIterable {
  /// `kCAFillModeRemoved`, the default: nothing outside the active interval.
  case removed
  /// `kCAFillModeForwards`: the final value holds after the end.
  case forwards
  /// `kCAFillModeBackwards`: the initial value shows before the start.
  case backwards
  /// `kCAFillModeBoth`.
  case both

  var fillsBackwards: Bool { self == .backwards || self == .both }
  var fillsForwards: Bool { self == .forwards || self == .both }
}
