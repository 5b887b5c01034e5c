import Foundation
import LoadmarkCore
import LoadmarkJSON

extension PageDocument {
  /// The documents for `operands`, in order: each is a preset name or a
  /// scene file, exported with `options` as `export` does, or else the path
  /// of a JSON document, read and validated with ``DocumentReader`` and
  /// written again with `options.precision`.
  ///
  /// An operand that is neither a preset nor an existing file, and does not
  /// look like a path (no `/`, no `.json`), is an unknown preset (exit 64);
  /// a path that cannot be read is exit 74 and an invalid document exit 65.
  static func load(_ operands: [String], options: DocumentOptions) throws(CommandError) -> [PageDocument] {
    var documents: [PageDocument] = []
    var slugs: Set<String> = []
    var seen: Set<String> = []
    for operand in operands where seen.insert(operand).inserted {
      var page = try load(operand, options: options)
      page.slug = uniqueSlug(page.slug, taken: &slugs)
      documents.append(page)
    }
    return documents
  }

  /// The document for one operand, before its slug is made unique.
  private static func load(_ operand: String, options: DocumentOptions) throws(CommandError) -> PageDocument {
    if operand == DocumentInput.standardInputOperand {
      return try file(operand, precision: options.precision)
    }
    if let preset = Preset.named(operand) {
      let exported = try ExportCommand.export(operand, options)
      return PageDocument(
        name: operand, caption: preset.summary, document: exported.document, json: exported.text,
        slug: slug(operand))
    }
    let looksLikePath = operand.contains("/") || operand.hasSuffix(".json")
    guard looksLikePath || FileManager.default.fileExists(atPath: operand) else {
      throw .usage(
        "unknown preset \"\(operand)\"; known presets: \(Preset.names.joined(separator: ", ")), "
          + "or give the path of a JSON document or scene")
    }
    // A scene is exported as `export` would, with the page's options.
    if LoadmarkFile.declaresScene(path: operand) {
      let preset = try IndicatorSource(scene: operand).preset()
      let exported = try ExportCommand.export(preset, options)
      return PageDocument(
        name: preset.name, caption: preset.summary.isEmpty ? operand : preset.summary, document: exported.document,
        json: exported.text, slug: slug(preset.name), sourcePath: operand)
    }
    return try file(operand, precision: options.precision)
  }

  /// The document in the file at `path` (standard input for `-`),
  /// validated, and written again with `precision` so that a page holds
  /// what `export` would write.
  private static func file(_ path: String, precision: Precision) throws(CommandError) -> PageDocument {
    // The document as read lives only while it is written again, so that it
    // and the reader's tree of the rewritten text are never in memory at once.
    let json: String
    do {
      json = DocumentWriter.encode(try DocumentInput.read(path), precision: precision)
    } catch {
      throw error.commandError
    }
    let document: FrameDocument
    do {
      document = try DocumentReader.decode(json, source: DocumentInput.name(path))
    } catch {
      // Compact rounding can take a value out of range (a canvas side of
      // 0.001 rounds to 0); full precision writes every value as read.
      throw .data("\(error.description) (after rounding to --precision \(precision.rawValue); try --precision full)")
    }
    if path == DocumentInput.standardInputOperand {
      return PageDocument(
        name: "stdin", caption: "standard input", document: document, json: json, slug: slug("stdin"))
    }
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    let name = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    return PageDocument(
      name: name, caption: path, document: document, json: json, slug: slug(name), sourcePath: path)
  }

  /// `name` with every character other than ASCII letters, digits, `-` and
  /// `_` replaced by `-`; `document` when nothing is left.
  static func slug(_ name: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let slug = String(name.map { allowed.contains($0) ? $0 : "-" })
    return slug.isEmpty ? "document" : slug
  }

  /// `slug`, or `slug-2`, `slug-3`, … when taken; records the one returned.
  private static func uniqueSlug(_ slug: String, taken: inout Set<String>) -> String {
    var candidate = slug
    var number = 2
    while taken.contains(candidate) {
      candidate = "\(slug)-\(number)"
      number += 1
    }
    taken.insert(candidate)
    return candidate
  }
}
