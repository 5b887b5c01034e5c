// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Loadmark",
  products: [
    .library(name: "LoadmarkCore", targets: ["LoadmarkCore"]),
    .library(name: "LoadmarkJSON", targets: ["LoadmarkJSON"]),
    .executable(name: "loadmark", targets: ["loadmark"]),
    // The WebAssembly engine: build with tools/wasm/build (Embedded Swift,
    // wasm32-unknown-none-wasm, the toolchain's wasm-ld).
    .executable(name: "LoadmarkWasm", targets: ["LoadmarkWasm"]),
  ],
  targets: [
    // Pure Swift: no Foundation, no Glibc, no libm. Also type-checked under
    // Embedded Swift by tools/check-embedded.
    .target(name: "LoadmarkCore"),
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]
    ),
    .target(name: "LoadmarkJSON", dependencies: ["LoadmarkCore", "CJansson"]),
    .executableTarget(
      name: "loadmark",
      dependencies: ["LoadmarkCore", "LoadmarkJSON"],
      // web/loadmark-player.js and the page scripts, compiled in as `WebAssets`.
      plugins: ["EmbedWebAssets"]
    ),
    // Writes the Swift source of `WebAssets` from the files in web/.
    .executableTarget(name: "embed-web-assets"),
    .plugin(name: "EmbedWebAssets", capability: .buildTool(), dependencies: ["embed-web-assets"]),
    // The C ABI over LoadmarkCore for WebAssembly (docs/WASM.md). On the host
    // it builds as an ordinary executable so its logic can be tested.
    .executableTarget(name: "LoadmarkWasm", dependencies: ["LoadmarkCore", "CLoadmarkWasmRuntime"]),
    // Allocator, memory primitives and `round` for the wasm build only;
    // empty on every other target.
    .target(name: "CLoadmarkWasmRuntime"),
    .executableTarget(
      name: "loadmark-bench",
      dependencies: ["LoadmarkCore", "LoadmarkJSON"],
      path: "tools/bench/Sources"
    ),
    .testTarget(name: "LoadmarkCoreTests", dependencies: ["LoadmarkCore", "LoadmarkJSON"]),
    .testTarget(name: "LoadmarkJSONTests", dependencies: ["LoadmarkCore", "LoadmarkJSON"]),
    .testTarget(name: "LoadmarkWasmTests", dependencies: ["LoadmarkWasm", "LoadmarkCore", "LoadmarkJSON"]),
    // Runs the built `loadmark` executable; reads its output with the library
    // to compare against the reader's own results.
    .testTarget(name: "LoadmarkCLITests", dependencies: ["loadmark", "LoadmarkCore", "LoadmarkJSON"]),
  ],
  swiftLanguageModes: [.v6]
)
