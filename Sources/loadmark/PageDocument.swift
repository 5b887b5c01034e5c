import LoadmarkCore

/// One document a page shows: a preset exported for the page, or a file.
struct PageDocument {
  /// The preset name, or the file's name without `.json`: the heading.
  var name: String
  /// One line under the heading: the preset's summary, or the file's path.
  var caption: String
  /// The frames, as the reader reads them back.
  var document: FrameDocument
  /// The JSON text, as `export` writes it; the reader accepts it.
  var json: String
  /// `name` reduced to letters, digits, `-` and `_`, unique on its page:
  /// the element id `lm-<slug>` and the file name `<slug>.json`.
  var slug: String
  /// The file the document was read from; nil for a preset.
  var sourcePath: String? = nil

  /// The id of the `<script type="application/json">` holding ``json``.
  var elementID: String { "lm-" + slug }

  /// The file ``json`` is written to beside a page that loads its data.
  var fileName: String { slug + ".json" }

  /// Whether the document shows on a dark tile: the progress preset's seed
  /// view is black and its check white, so it disappears on a light one.
  var prefersDarkTile: Bool { document.preset == "progress" }
}
