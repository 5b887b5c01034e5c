// swift-tools-version:6.0
import PackageDescription

/// Optimisation in debug builds too, for the targets whose loops the tests
/// run hardest: sampling every frame of every clip (the core's four targets)
/// and fitting keyframes to them (LoadmarkExport), and loops over every pixel
/// (LoadmarkRaster). Unoptimised, the engine's timing functions under the
/// Lottie export's keyframe fit made one gallery of the catalogue take 29 s
/// where it takes 12 s; the tests write it seventeen times. Only the debug
/// configuration is named: release builds are optimised already.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "Loadmark",
  products: [
    .library(name: "LoadmarkCore", targets: ["LoadmarkCore"]),
    .library(name: "LoadmarkJSON", targets: ["LoadmarkJSON"]),
    .library(name: "LoadmarkExport", targets: ["LoadmarkExport"]),
    .library(name: "LoadmarkRaster", targets: ["LoadmarkRaster"]),
    .executable(name: "loadmark", targets: ["loadmark"]),
    // The WebAssembly engine: build with tools/wasm/build (Embedded Swift,
    // wasm32-unknown-none-wasm, the toolchain's wasm-ld).
    .executable(name: "LoadmarkWasm", targets: ["LoadmarkWasm"]),
    // The scene compiler for the playground, a second module built the same way.
    .executable(name: "LoadmarkSceneWasm", targets: ["LoadmarkSceneWasm"]),
  ],
  targets: [
    // The core, in four layers that depend one way (text → engine → frames →
    // scenes). Each is pure Swift: no Foundation, no Glibc, no libm; each is
    // also type-checked under Embedded Swift by tools/check-embedded.
    //
    // Bytes as text, field paths, the located error every reader reports
    // (SceneError), the JSON tree and its strict parser, decimal conversion.
    .target(name: "LoadmarkText", swiftSettings: optimisedInDebug),
    // Core Animation's model: media timing and animations (Timing/), layers,
    // their properties and the timeline that replays events (Layers/),
    // geometry, paths and colours (Geometry/), the expressions scenes compute
    // with (Expressions/), and the budgets sampling is held to.
    .target(
      name: "LoadmarkEngine", dependencies: ["LoadmarkText"],
      swiftSettings: optimisedInDebug),
    // A compiled indicator (Indicator/: its layers, figures, clips and host
    // scripts, the options it is exported with) and its frames: the frame
    // document, figures as document layers, sampling (Frames/).
    .target(
      name: "LoadmarkFrames", dependencies: ["LoadmarkText", "LoadmarkEngine"],
      swiftSettings: optimisedInDebug),
    // The scene language on top: the reader and compiler of scene files, the
    // compiled scene images of the WebAssembly modules (Scenes/), and the
    // five presets compiled in (Presets/). It re-exports the layers below, so
    // `import LoadmarkCore` gives the whole core.
    .target(
      name: "LoadmarkCore", dependencies: ["LoadmarkText", "LoadmarkEngine", "LoadmarkFrames"],
      swiftSettings: optimisedInDebug),
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]
    ),
    .target(name: "LoadmarkJSON", dependencies: ["LoadmarkCore", "CJansson", "LoadmarkSystem"]),
    // Animated SVG and Lottie from frame documents: text generation, Lottie
    // through LoadmarkJSON's Jansson values.
    .target(
      name: "LoadmarkExport", dependencies: ["LoadmarkCore", "LoadmarkJSON"],
      swiftSettings: optimisedInDebug),
    // The raster exports: frames drawn with cairo as the web player draws
    // them, PNG through cairo, GIF through giflib, animated WebP through libwebp.
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .target(
      name: "LoadmarkRaster", dependencies: ["LoadmarkCore", "CCairo", "CGif", "CWebP"],
      swiftSettings: optimisedInDebug),
    .executableTarget(
      name: "loadmark",
      dependencies: ["LoadmarkCore", "LoadmarkJSON", "LoadmarkExport", "LoadmarkRaster", "LoadmarkSystem", "LoadmarkPages"],
      // web/loadmark-player.js and the page scripts, compiled in as `WebAssets`
      // and handed to LoadmarkPages as its `WebScripts`.
      plugins: ["EmbedWebAssets"]
    ),
    // HTML pages that play documents: markup safe by construction, inline
    // scripts and styles allowed by SHA-256 under a strict CSP, the gallery.
    // Posters are SVGWriter's stills, so pages use LoadmarkExport's writer.
    .target(name: "LoadmarkPages", dependencies: ["LoadmarkCore", "LoadmarkExport"]),
    // File descriptors, paths and atomic output: each system call wrapped
    // once, one error type (SystemCallError) with the call, the file and errno.
    .target(name: "LoadmarkSystem", dependencies: ["CLoadmarkSystem"]),
    // The system calls Swift's Glibc module cannot express (O_TMPFILE, ioctl).
    .target(name: "CLoadmarkSystem"),
    // Writes the Swift source of `WebAssets` from the files in web/.
    .executableTarget(name: "embed-web-assets"),
    .plugin(name: "EmbedWebAssets", capability: .buildTool(), dependencies: ["embed-web-assets"]),
    // The C ABI over LoadmarkCore for WebAssembly (docs/WASM.md). On the host
    // it builds as an ordinary executable so its logic can be tested.
    .executableTarget(name: "LoadmarkWasm", dependencies: ["LoadmarkCore", "LoadmarkWasmSupport", "CLoadmarkWasmRuntime"]),
    // The scene compiler as a WebAssembly module of its own (docs/WASM.md):
    // scene text in, a compiled image or the reader's message out.
    .executableTarget(
      name: "LoadmarkSceneWasm", dependencies: ["LoadmarkCore", "LoadmarkWasmSupport", "CLoadmarkWasmRuntime"]),
    // What the WebAssembly modules share: the buffers their hosts read and
    // write, bounded.
    .target(name: "LoadmarkWasmSupport"),
    // Allocator, memory primitives and `round` for the wasm build only;
    // empty on every other target.
    .target(name: "CLoadmarkWasmRuntime"),
    .executableTarget(
      name: "loadmark-bench",
      dependencies: ["LoadmarkCore", "LoadmarkJSON", "LoadmarkExport", "LoadmarkRaster"],
      path: "tools/bench/Sources"
    ),
    // The reader under libFuzzer: tools/fuzz builds it with
    // -sanitize=fuzzer,address; a plain build replays files through it.
    .systemLibrary(name: "CLibFuzzer"),
    .executableTarget(
      name: "loadmark-fuzz",
      dependencies: ["LoadmarkCore", "LoadmarkJSON", "CLibFuzzer"],
      path: "tools/fuzz/Sources"
    ),
    // What several test targets need: the repository's root, gzip -9 sizes.
    .target(name: "LoadmarkTestSupport", path: "Tests/LoadmarkTestSupport"),
    .testTarget(name: "LoadmarkSystemTests", dependencies: ["LoadmarkSystem"]),
    .testTarget(name: "LoadmarkPagesTests", dependencies: ["LoadmarkPages", "LoadmarkCore", "LoadmarkExport"]),
    // The core's tests cover its four layers (LoadmarkCore re-exports the
    // three below, so the other test targets import it alone).
    .testTarget(
      name: "LoadmarkCoreTests",
      dependencies: [
        "LoadmarkText", "LoadmarkEngine", "LoadmarkFrames", "LoadmarkCore", "LoadmarkJSON", "LoadmarkTestSupport",
      ]),
    .testTarget(name: "LoadmarkJSONTests", dependencies: ["LoadmarkCore", "LoadmarkJSON", "LoadmarkTestSupport"]),
    .testTarget(name: "LoadmarkExportTests", dependencies: ["LoadmarkCore", "LoadmarkJSON", "LoadmarkExport", "LoadmarkTestSupport"]),
    .testTarget(name: "LoadmarkRasterTests", dependencies: ["LoadmarkCore", "LoadmarkRaster"]),
    .testTarget(
      name: "LoadmarkWasmTests",
      dependencies: [
        "LoadmarkWasm", "LoadmarkSceneWasm", "LoadmarkWasmSupport", "LoadmarkCore", "LoadmarkJSON", "LoadmarkTestSupport",
      ]),
    // Runs the built `loadmark` executable; reads its output with the library
    // to compare against the reader's own results.
    .testTarget(
      name: "LoadmarkCLITests",
      dependencies: [
        "loadmark", "LoadmarkCore", "LoadmarkJSON", "LoadmarkExport", "LoadmarkPages", "LoadmarkSystem", "LoadmarkTestSupport",
      ],
      // The help snapshots the tests compare against (tools/update-cli-docs).
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
