/// What one scene may cost: the one place that lists every budget a scene's
/// reading, expansion and sampling are held to, so that a few hundred bytes
/// cannot take the machine. Every reader applies them the same way (the
/// CLI's `validate` exactly as `export`, `compile`, `html` and `gallery`,
/// the WebAssembly compiler and engine as the native ones), and each is
/// listed in docs/SCENE.md's Limits table.
///
/// Text limits (bytes, values, nesting) bound what is written; these bound
/// what it expands to. Each is counted as the work is done, exactly, so a
/// scene under a budget is never refused by an estimate, and refused with
/// the path of the item or clip that spends it.
public enum SceneBudget {
  /// Animations built while reading the scene, over all its `add`s: a named
  /// animation counts every time a group or an `add` uses it, so that
  /// groups that each list the next ten times cannot expand to 10⁸. Each
  /// is read from the scene's text again (about 5 µs), and no indicator
  /// needs more than a few hundred.
  public static let maximumAnimations = 20_000

  /// Events one expansion of a clip's script makes (a time clip's once; a
  /// progress clip's for each progress value): what a host may perform.
  public static let maximumEvents = 100_000

  /// Steps the scripts of all the scene's time clips take together when the
  /// scene is read, and one expansion of a progress clip's script: every
  /// item run (actions, calls, timers, whether their condition holds or
  /// not) and every tick of every timer, skipped or not. It bounds routines
  /// that call others in fan-out and timers nested in timers, whose events
  /// alone do not.
  public static let maximumScriptSteps = 1_000_000

  /// The work of sampling a scene's clips at the options asked for, in
  /// units of about one animation evaluated: a frame reads every layer's
  /// attached animations (``Animation/cost``: a keyframe animation costs its
  /// values, which it scans), an event performed costs ``eventWork`` and
  /// first looks through its layer's attached animations for completed
  /// ones, and a progress clip expands its script for every frame, each
  /// step costing ``stepWork``. The weights are measured (`tools/bench`,
  /// "scene budgets"): a scene at the budget in any one kind of work
  /// samples in about a second natively.
  public static let maximumSamplingWork = 10_000_000

  /// What one script step of a progress clip's expansion costs in sampling
  /// work: an item run, with its expressions.
  public static let stepWork = 5

  /// What performing one event costs in sampling work, before the attached
  /// animations it looks through.
  public static let eventWork = 5

  /// What reading one layer's presentation value costs in sampling work,
  /// before its attached animations: the model values copied, and its
  /// figure's geometry resolved.
  public static let layerWork = 8

  /// What looking at one attached animation for completion costs, per unit
  /// of its ``Animation/cost``: it is evaluated on a copy of the model.
  public static let completionCheckWork = 3

  /// How many keyframe values cost one unit: a keyframe animation scans its
  /// values for the segment and the paced key times.
  public static let valuesPerUnit = 8
}
