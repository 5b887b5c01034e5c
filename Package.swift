// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Loadmark",
  products: [
    .library(name: "LoadmarkCore", targets: ["LoadmarkCore"]),
    .library(name: "LoadmarkJSON", targets: ["LoadmarkJSON"]),
    .executable(name: "loadmark", targets: ["loadmark"]),
  ],
  targets: [
    // Pure Swift: no Foundation, no Glibc, no libm. Also type-checked under
    // Embedded Swift by tools/check-embedded.
    .target(
      name: "LoadmarkCore",
      // Unoptimised builds lower `rounded()` and `squareRoot()` to calls to
      // `round`, `floor` and `sqrt` instead of instructions; those are exact
      // (correctly rounded) operations, not approximations.
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
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
    .executableTarget(
      name: "loadmark-bench",
      dependencies: ["LoadmarkCore", "LoadmarkJSON"],
      path: "tools/bench/Sources"
    ),
    .testTarget(name: "LoadmarkCoreTests", dependencies: ["LoadmarkCore"]),
    .testTarget(name: "LoadmarkJSONTests", dependencies: ["LoadmarkCore", "LoadmarkJSON"]),
    // Runs the built `loadmark` executable; reads its output with the library
    // to compare against the reader's own results.
    .testTarget(name: "LoadmarkCLITests", dependencies: ["loadmark", "LoadmarkCore", "LoadmarkJSON"]),
  ],
  swiftLanguageModes: [.v6]
)
