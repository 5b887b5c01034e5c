/// The Content-Security-Policy a page carries in its `<meta http-equiv>`.
///
/// Nothing is allowed by default. Scripts and styles are allowed by the
/// SHA-256 of each inline element's exact text, never by `'unsafe-inline'`
/// or `'unsafe-eval'`, so markup that slipped into a page could neither run
/// a script nor restyle it. JSON data blocks are not executed and need no
/// hash. Pages whose scripts are files beside them allow scripts from their
/// own origin instead.
struct ContentSecurityPolicy: Sendable {
  /// Where scripts may come from: hash sources, or `'self'`.
  var scriptSources: [String]
  /// The hash sources of the styles: the page's own sheet and what its
  /// scripts insert, preceded by `'unsafe-hashes'` when that includes style
  /// attributes, which CSP allows by hash only with that keyword. It allows
  /// exactly the attribute values hashed, nothing like `'unsafe-inline'`.
  var styleSources: [String]
  /// Whether the page may start workers from `blob:` URLs (`worker-src
  /// blob:`): the playground's compiler, whose script loadmark-wasm.js holds
  /// as text. A blob: URL is made by a script the page already runs, so this
  /// lets no new code in; a worker from a file beside the page would need
  /// `'self'`, and a page opened from `file://` cannot start one.
  var startsWorkers: Bool

  /// A policy allowing the inline `scripts` (or, when nil, scripts from the
  /// page's origin), the inline `styles`, and the styles the scripts insert.
  ///
  /// `compilesWebAssembly` adds `'wasm-unsafe-eval'`, which lets a page
  /// compile WebAssembly (the live engine) and nothing else: `eval` and
  /// `new Function` stay blocked. `startsWorkers` adds `worker-src blob:`.
  init(
    inlineScripts scripts: [InlineScript]?, styles: [InlineStyle], inserted: InsertedStyles,
    compilesWebAssembly: Bool = false, startsWorkers: Bool = false
  ) {
    self.startsWorkers = startsWorkers
    scriptSources = (scripts?.map(\.hashSource) ?? ["'self'"]) + (compilesWebAssembly ? ["'wasm-unsafe-eval'"] : [])
    let attributeSources = inserted.attributes.isEmpty
      ? [] : ["'unsafe-hashes'"] + inserted.attributes.map(ContentSecurityPolicy.hashSource(of:))
    styleSources = styles.map(\.hashSource) + inserted.sheets.map(ContentSecurityPolicy.hashSource(of:))
      + attributeSources
  }

  /// The policy text: `default-src 'none'; script-src …; style-src …; …`.
  ///
  /// `img-src data:` lets a player draw data-URL images; `connect-src 'self'`
  /// lets it fetch documents from the page's origin. `base-uri` and
  /// `form-action` are not covered by `default-src`, so they are closed
  /// separately: a `<base>` tag could otherwise redirect relative script URLs.
  /// A worker from a blob: URL inherits this policy, so it too compiles
  /// WebAssembly only by `'wasm-unsafe-eval'` and loads no other script.
  var text: String {
    let workers = startsWorkers ? ["worker-src blob:"] : []
    let directives = [
      "default-src 'none'",
      "script-src " + sourceList(scriptSources),
      "style-src " + sourceList(styleSources),
      "img-src data:",
      "connect-src 'self'",
    ] + workers + ["base-uri 'none'", "form-action 'none'"]
    return directives.joined(separator: "; ")
  }

  /// The `'sha256-<base64>'` source for an inline element whose text is `text`.
  static func hashSource(of text: String) -> String {
    "'sha256-" + Base64.encode(SHA256.digest(text)) + "'"
  }

  /// `sources` separated by spaces, or `'none'` when there are none.
  private func sourceList(_ sources: [String]) -> String {
    sources.isEmpty ? "'none'" : sources.joined(separator: " ")
  }
}
