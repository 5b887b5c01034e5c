/// A file a gallery card offers beside its clip's JSON.
public struct PageDownload: Equatable, Sendable {
  /// The link text: `SVG`, `GIF`, `WebP`, `Lottie`, `Sprite`.
  public var label: String
  /// The file name beside the page.
  public var file: String

  /// A link labelled `label` to `file`.
  /// - Parameters:
  ///   - label: the link text.
  ///   - file: the file name beside the page.
  public init(label: String, file: String) {
    self.label = label
    self.file = file
  }
}
