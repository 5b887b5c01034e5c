/// A fragment of HTML markup that is safe by construction.
///
/// Markup comes only from string literals in this program's source; every
/// `String` interpolated into one is escaped with ``HTMLText``, and other
/// fragments, ``InlineJSON`` and ``InlineScript`` are inserted as the safe
/// text they already are. So a title, a label or a file name can never
/// become a tag or leave its attribute:
///
///     let heading: HTML = "<h1 title=\"\(title)\">\(title)</h1>"
struct HTML: ExpressibleByStringInterpolation, Sendable {
  /// The markup text.
  private(set) var markup: String

  /// No markup at all.
  static let empty = HTML(markup: "")

  private init(markup: String) {
    self.markup = markup
  }

  /// A literal from the source code: trusted markup.
  init(stringLiteral literal: String) {
    markup = literal
  }

  init(stringInterpolation: StringInterpolation) {
    markup = stringInterpolation.markup
  }

  /// `text` as element content or an attribute value: escaped.
  init(text: String) {
    markup = HTMLText.escaped(text)
  }

  /// The fragments that are not empty, with `separator` between them.
  init(joining fragments: [HTML], separator: HTML = "\n") {
    markup = fragments.map(\.markup).filter { !$0.isEmpty }.joined(separator: separator.markup)
  }

  /// Builds markup from literals (trusted) and interpolations (escaped or
  /// already safe).
  struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var markup = ""

    init(literalCapacity: Int, interpolationCount: Int) {
      markup.reserveCapacity(literalCapacity * 2)
    }

    mutating func appendLiteral(_ literal: String) {
      markup += literal
    }

    /// Text from anywhere, escaped for element content and quoted attributes.
    mutating func appendInterpolation(_ text: String) {
      markup += HTMLText.escaped(text)
    }

    /// A whole number, which has nothing to escape.
    mutating func appendInterpolation(_ number: Int) {
      markup += String(number)
    }

    /// Markup built the same way.
    mutating func appendInterpolation(_ html: HTML) {
      markup += html.markup
    }

    /// Document data that cannot end its `<script>` element.
    mutating func appendInterpolation(_ json: InlineJSON) {
      markup += json.text
    }

    /// A script that cannot end its `<script>` element early.
    mutating func appendInterpolation(_ script: InlineScript) {
      markup += script.text
    }

    /// A style sheet that cannot end its `<style>` element early.
    mutating func appendInterpolation(_ style: InlineStyle) {
      markup += style.text
    }

    /// A player's poster: SVG the writer built from numbers and colours
    /// (see ``Poster``), which has nothing to escape.
    mutating func appendInterpolation(_ poster: Poster) {
      markup += poster.markup
    }

    /// A policy's text, for a double-quoted attribute. It is built only from
    /// the policy's own keywords and Base64 hashes, so it holds no `"`, `&`
    /// or `<`, and its `'` quotes stay readable instead of becoming `&#39;`.
    mutating func appendInterpolation(_ policy: ContentSecurityPolicy) {
      markup += policy.text
    }
  }
}
