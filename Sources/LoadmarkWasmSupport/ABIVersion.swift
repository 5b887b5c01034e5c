/// The versions of the two modules' ABIs (docs/WASM.md): each is bumped on
/// any change to its module's functions. Defined here, where both modules
/// see them, so that the web package's check of a module's version
/// (`web/src/wasm-abi.js`, a block generated from these) and the module's
/// own answer come from one number.
public enum ABIVersion {
  /// What the engine's `lm_abi_version()` returns: 3 added the statuses and
  /// `lm_error`; 4 added `lm_transition`, layers' roles and progress clips'
  /// fields in `lm_describe`, for format version 2.
  public static let engine: Int32 = 4
  /// What the scene compiler's `lmc_abi_version()` returns.
  public static let compiler: Int32 = 1
}
