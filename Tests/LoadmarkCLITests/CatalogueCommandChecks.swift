import Foundation
import LoadmarkTestSupport
import Testing

/// What every catalogue indicator must do through the command line, checked
/// once for the test files that each cover some of them.
enum CatalogueCommandChecks {
  /// Expects catalogue indicator `name` to validate without a warning (a
  /// warning would mean a layer that draws nothing somewhere), to export as
  /// one JSON document, and to compile for the wasm engine.
  ///
  /// - Parameters:
  ///   - name: a catalogue indicator, such as `nv-ball-pulse`.
  ///   - sourceLocation: where the calling test is.
  /// - Returns: the exported document's path and its `version` field.
  @discardableResult
  static func expectValidatesExportsAndCompiles(
    _ name: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (path: String, version: Int?) {
    let file = Repository.root.appendingPathComponent("catalogue/\(name).scene.json").path
    let validate = try sandbox.run("validate", file)
    #expect(validate.status == 0, "\(validate.standardError)", sourceLocation: sourceLocation)
    #expect(!validate.standardError.contains("warning"), "\(validate.standardError)", sourceLocation: sourceLocation)
    let export = try sandbox.run("export", name, "--format", "json", "-o", "out/")
    #expect(export.status == 0, "\(export.standardError)", sourceLocation: sourceLocation)
    #expect(try sandbox.listing("out") == ["\(name).json"], sourceLocation: sourceLocation)
    let written = try JSONSerialization.jsonObject(with: sandbox.data("out/\(name).json")) as? [String: Any]
    #expect(try sandbox.run("compile", name, "-o", "\(name).lmscene").status == 0, sourceLocation: sourceLocation)
    return (sandbox.path("out/\(name).json"), written?["version"] as? Int)
  }
}
