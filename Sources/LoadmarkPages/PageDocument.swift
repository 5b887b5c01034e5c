import LoadmarkCore

/// One document a page shows: a preset exported for the page, or a file.
public struct PageDocument {
  /// The preset name, or the file's name without `.json`: the heading.
  public var name: String
  /// One line under the heading: the preset's summary, or the file's path.
  public var caption: String
  /// The frames, as the reader reads them back.
  public var document: FrameDocument
  /// The JSON text, as `export` writes it; the reader accepts it.
  public var json: String
  /// `name` reduced to letters, digits, `-` and `_`, unique on its page:
  /// the element id `lm-<slug>` and the file name `<slug>.json`.
  public var slug: String
  /// The file the document was read from; nil for a preset.
  public var sourcePath: String?

  /// A document called `name` on a page.
  /// - Parameters:
  ///   - name: the heading.
  ///   - caption: one line under the heading.
  ///   - document: the frames.
  ///   - json: the document's JSON text.
  ///   - sourcePath: the file it was read from; nil for a preset.
  public init(name: String, caption: String, document: FrameDocument, json: String, sourcePath: String? = nil) {
    self.name = name
    self.caption = caption
    self.document = document
    self.json = json
    self.slug = PageDocument.slug(name)
    self.sourcePath = sourcePath
  }

  /// The id of the `<script type="application/json">` holding ``json``.
  var elementID: String { "lm-" + slug }

  /// The file ``json`` is written to beside a page that loads its data.
  public var fileName: String { slug + ".json" }

  /// Whether the document shows on a dark tile: the progress preset's seed
  /// view is black and its check white, so it disappears on a light one,
  /// and so does a document that paints only light colours (the catalogue's
  /// white NVActivityIndicatorView indicators).
  var prefersDarkTile: Bool {
    if document.preset == "progress" { return true }
    let paints = document.layers.flatMap { [$0.style.fill, $0.style.stroke].compactMap { $0 } }.filter { $0.alpha > 0 }
    return !paints.isEmpty && paints.allSatisfy(PageDocument.isLight)
  }

  /// Whether `color` is light enough that a light tile would hide it: its
  /// Rec. 709 luma, 0.2126 R + 0.7152 G + 0.0722 B, above 0.8 of full.
  static func isLight(_ color: Color) -> Bool {
    0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue) > 0.8 * 255
  }

  /// `name` with every character other than ASCII letters, digits, `-` and
  /// `_` replaced by `-`; `document` when nothing is left.
  static func slug(_ name: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    let slug = String(name.map { allowed.contains($0) ? $0 : "-" })
    return slug.isEmpty ? "document" : slug
  }

  /// `documents` with repeated slugs made unique: `slug`, then `slug-2`,
  /// `slug-3`, … in order.
  public static func uniquelyNamed(_ documents: [PageDocument]) -> [PageDocument] {
    var taken: Set<String> = []
    return documents.map { page in
      var page = page
      var candidate = page.slug
      var number = 2
      while taken.contains(candidate) {
        candidate = "\(page.slug)-\(number)"
        number += 1
      }
      taken.insert(candidate)
      page.slug = candidate
      return page
    }
  }
}
