/// Why drawing or encoding a raster export failed: the library, the call and
/// its own message.
public struct RasterError: Error, Equatable, CustomStringConvertible {
  /// The C library: `cairo`, `giflib` or `libwebp`.
  public var library: String
  /// The C function that failed, such as `cairo_image_surface_create`.
  public var function: String
  /// The library's message for the failure (`cairo_status_to_string`,
  /// `GifErrorString`, or libwebp's error code by name).
  public var message: String

  public init(library: String, function: String, message: String) {
    self.library = library
    self.function = function
    self.message = message
  }

  /// `<library>: <function>: <message>`, as in
  /// `cairo: cairo_image_surface_create: invalid value (typically too big) for the size of the input (surface, pattern, etc.)`.
  public var description: String {
    "\(library): \(function): \(message)"
  }
}
