import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// `loadmark gallery`: the page, the files beside it, and failures.
struct GalleryTests {
  static let scripts = ["loadmark-player.js", "loadmark-player-v3.js", "loadmark-helpers.js", "loadmark-helpers.iife.js", "loadmark-gallery.js"]

  /// Each clip's downloads: SVG, GIF, WebP, sprite sheet and sidecar; each preset's Lottie.
  static var downloads: [String] {
    Indicator.builtInNames.flatMap { name in
      [name + ".lottie.json"] + Indicator.named(name)!.clips.flatMap { clip in
        [".svg", ".gif", ".webp", ".sprite.png", ".sprite.json"].map { "\(name)-\(clip.name)\($0)" }
      }
    }
  }

  /// Where the repository keeps `script`: the player, helpers and live engine as built in web/dist/, the page
  /// script in web/.
  static func source(of script: String) -> String {
    script == "loadmark-gallery.js" ? "web/" + script : "web/dist/" + script
  }

  @Test func writesTheIndexEveryPresetsJSONAndTheScripts() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("gallery", "-o", "gallery/")
    #expect(result.status == 0)
    let expected = ["index.html"] + Indicator.builtInNames.map { $0 + ".json" } + GalleryTests.scripts + GalleryTests.downloads
    #expect(try sandbox.listing("gallery") == expected.sorted())
    #expect(result.standardError.split(separator: "\n").count == expected.count)

    for script in GalleryTests.scripts {
      #expect(try sandbox.data("gallery/" + script) == (try Repository.data(GalleryTests.source(of: script))), "\(script)")
    }
    #expect(try sandbox.run("export", "--all", "-o", "exported/").status == 0)
    for name in Indicator.builtInNames {
      #expect(try sandbox.data("gallery/\(name).json") == (try sandbox.data("exported/\(name).json")), "\(name)")
    }
  }

  @Test func eachCardLinksItsDownloadsWhichAreWhatExportWrites() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("gallery", "-o", "out").status == 0)
    let page = PageText(html: try sandbox.text("out/index.html"))
    for name in Indicator.builtInNames {
      for clip in Indicator.named(name)!.clips {
        let links = ["\(name)-\(clip.name).svg\" download>SVG", "\(name)-\(clip.name).gif\" download>GIF",
                     "\(name)-\(clip.name).webp\" download>WebP", "\(name).lottie.json\" download>Lottie",
                     "\(name)-\(clip.name).sprite.png\" download>Sprite"]
        #expect(page.html.contains("<p class=\"lm-downloads\">Download " + links.map { "<a href=\"" + $0 + "</a>" }.joined(separator: " ") + "</p>"), "\(name) \(clip.name)")
      }
    }
    #expect(try sandbox.run("export", "--all", "--format", "svg", "-o", "svg/").status == 0)
    #expect(try sandbox.run("export", "--all", "--format", "lottie", "-o", "lottie/").status == 0)
    #expect(try sandbox.data("out/refresh-spin.svg") == (try sandbox.data("svg/refresh-spin.svg")))
    #expect(try sandbox.data("out/dots.lottie.json") == (try sandbox.data("lottie/dots.lottie.json")))
  }

  @Test func theIndexShowsEveryClipOfEveryPresetWithItsControls() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("gallery", "-o", "out").status == 0)
    let page = PageText(html: try sandbox.text("out/index.html"))
    #expect(page.html.contains("<title>Loadmark gallery</title>"))
    #expect(page.html.contains("<p class=\"lm-intro\">Loadmark reproduces iOS Core Animation"))
    // The theme picker, and the overlay section's mask colour.
    #expect(page.count("<input type=\"color\"") == 2)
    // The picker starts at the colour the players show: seed 000's #F98680.
    #expect(page.html.contains("<input type=\"color\" value=\"#f98680\" data-lm-theme>"))

    var timeClips = 0
    var progressClips = 0
    for name in Indicator.builtInNames {
      // The gallery's canvas is the CLI's default, auto (`Rule.contentCanvas`).
      let document = Indicator.named(name, options: IndicatorOptions(canvas: .auto))!.frames()
      #expect(page.html.contains("<h2>\(name)</h2>"))
      let block = try #require(page.dataBlock("lm-\(name)"))
      #expect(try DocumentReader.decode(block, source: name) == document.rounded(to: .compact))
      for clip in document.clips {
        #expect(page.html.contains("<loadmark-player src=\"#lm-\(name)\" clip=\"\(clip.name)\""), "\(name) \(clip.name)")
        if clip.index == .time { timeClips += 1 } else { progressClips += 1 }
      }
    }
    // A player per clip, and the progress section's.
    #expect(page.count("<loadmark-player ") == timeClips + progressClips + 1)
    #expect(page.count("<article class=\"lm-card\">") == timeClips + progressClips)
    #expect(page.count("data-lm-play") == timeClips)
    #expect(page.count("data-lm-frame") == timeClips)
    #expect(page.count("data-lm-speed") == timeClips)
    #expect(page.count("data-lm-progress") == progressClips)
    #expect(page.count("<details class=\"lm-json\">") == timeClips + progressClips)
    #expect(page.html.contains("<input type=\"range\" min=\"0\" max=\"90\" step=\"1\" value=\"0\" data-lm-frame>"))
    // The progress preset's view is black with a white check: dark tiles.
    let progressClipCount = Indicator.named("progress")!.clips.count
    #expect(page.count("<div class=\"lm-tile lm-tile-dark\"><loadmark-player src=\"#lm-progress\"") == progressClipCount + 1)
    // So are the catalogue's white indicators, and nothing else.
    let catalogueClips = Indicator.catalogueNames.reduce(0) { $0 + Indicator.named($1)!.clips.count }
    #expect(page.count("<div class=\"lm-tile lm-tile-dark\"><loadmark-player src=\"#lm-nv-") == catalogueClips)
    #expect(page.count("lm-tile-dark\">") == progressClipCount + 1 + catalogueClips)
    // A section per host API, on the documents the page holds.
    for section in ["data-lm-overlay data-lm-loading=\"#lm-dots\" data-lm-success=\"#lm-success\" data-lm-error=\"#lm-error\"",
      "data-lm-pull data-lm-refresh=\"#lm-refresh\"", "data-lm-status-section", "data-lm-upload"] {
      #expect(page.html.contains("<section class=\"lm-host ") && page.html.contains(section), "\(section)")
    }
    #expect(page.html.contains("<loadmark-status loading=\"#lm-dots\" success=\"#lm-success\" error=\"#lm-error\""))
    #expect(page.html.contains("<loadmark-player src=\"#lm-progress\" clip=\"progress\" progress=\"0\" label=\"Upload\" data-lm-upload-player>"))
    // Inline data and scripts: works from file:// with no network. The
    // reader of format version 3 before the player, the helpers' classic
    // script (the host sections') and the gallery's.
    #expect(page.dataBlocks.count == Indicator.builtInNames.count)
    #expect(page.moduleScripts.count == 4)
    #expect(page.moduleScripts[0] == String(decoding: try Repository.data("web/dist/loadmark-player-v3.js"), as: UTF8.self))
    #expect(page.moduleScripts[2] == String(decoding: try Repository.data("web/dist/loadmark-helpers.iife.js"), as: UTF8.self))
    #expect(!page.html.contains("<script type=\"module\" src="))
  }

  @Test func optionsReachThePresetsAndThePage() throws {
    let sandbox = try Sandbox()
    let title = "Ours & <theirs>"
    #expect(try sandbox.run("gallery", "--fps", "30", "--color", "#ABC", "--title", title, "-o", "out").status == 0)
    let page = PageText(html: try sandbox.text("out/index.html"))
    #expect(page.html.contains("<title>Ours &amp; &lt;theirs&gt;</title>"))
    #expect(page.html.contains("<input type=\"color\" value=\"#aabbcc\" data-lm-theme>"))
    let dots = try DocumentReader.read(path: sandbox.path("out/dots.json"))
    #expect(dots == Indicator.named("dots", options: IndicatorOptions(color: Color(hex: "#aabbcc")))!.frames(fps: 30).rounded(to: .compact))
  }

  @Test func wasmAddsTheLiveSectionItsModuleAndTheEngineScript() throws {
    let sandbox = try Sandbox()
    // The smallest valid module: magic and version. The page only carries it.
    let module: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]
    try Data(module).write(to: URL(fileURLWithPath: sandbox.path("engine.wasm")))
    #expect(try sandbox.run("gallery", "-o", "out", "--wasm", "engine.wasm").status == 0)
    let expected = ["index.html", "loadmark.wasm", "loadmark-wasm.js"] + Indicator.builtInNames.map { $0 + ".json" } + GalleryTests.scripts
      + GalleryTests.downloads
    #expect(try sandbox.listing("out") == expected.sorted())
    #expect(try sandbox.data("out/loadmark.wasm") == Data(module))
    #expect(try sandbox.data("out/loadmark-wasm.js") == (try Repository.data("web/dist/loadmark-wasm.js")))

    let page = PageText(html: try sandbox.text("out/index.html"))
    // The module travels as base64 in a data block, which is never executed.
    #expect(page.html.contains("<script type=\"application/octet-stream\" id=\"loadmark-wasm\">AGFzbQEAAAA=</script>"))
    // The engine script runs first, and the policy lets the page compile
    // WebAssembly, but still never eval.
    #expect(page.moduleScripts.count == 5)
    #expect(page.moduleScripts[0] == String(decoding: try Repository.data("web/dist/loadmark-wasm.js"), as: UTF8.self))
    #expect(page.sources("script-src").contains("'wasm-unsafe-eval'"))
    #expect(!page.sources("script-src").contains("'unsafe-eval'"))
    // No playground, so no worker.
    #expect(page.sources("worker-src").isEmpty)
    for script in page.moduleScripts {
      #expect(page.sources("script-src").contains(try IndependentHash.source(of: script)))
    }
    // The engine carries the five presets: the live section plays those.
    for name in Indicator.presetNames {
      #expect(page.html.contains("<loadmark-player preset=\"\(name)\" engine=\"wasm\" size=\"96\""), "\(name)")
    }
    #expect(page.count("data-lm-size") == Indicator.presetNames.count)

    // Without --wasm nothing of it is there.
    #expect(try sandbox.run("gallery", "-o", "plain").status == 0)
    let plain = PageText(html: try sandbox.text("plain/index.html"))
    #expect(!plain.sources("script-src").contains("'wasm-unsafe-eval'"))
    #expect(!plain.markup.contains("engine=\"wasm\""))
  }

  @Test func scenesFollowThePresetsAndTheSceneCompilerAddsThePlayground() throws {
    let sandbox = try Sandbox()
    let module: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]
    try Data(module).write(to: URL(fileURLWithPath: sandbox.path("engine.wasm")))
    try Data(module + [0]).write(to: URL(fileURLWithPath: sandbox.path("compiler.wasm")))
    let spinner = Repository.root.appendingPathComponent("examples/spinner.scene.json").path
    let result = try sandbox.run("gallery", "-o", "out", "--wasm", "engine.wasm", "--scene-compiler", "compiler.wasm", spinner)
    #expect(result.status == 0, "\(result.standardError)")
    let listing = try sandbox.listing("out")
    for file in ["spinner.json", "spinner.lottie.json", "spinner-spin.svg", "spinner-spin.gif", "loadmark-scene.wasm", "loadmark.wasm"] {
      #expect(listing.contains(file), "\(file)")
    }
    #expect(try sandbox.data("out/loadmark-scene.wasm") == Data(module + [0]))
    // The scene's card follows the presets', with what export writes for it.
    let page = PageText(html: try sandbox.text("out/index.html"))
    let export = try sandbox.run("export", spinner)
    #expect(try sandbox.data("out/spinner.json") == export.standardOutput)
    let sections = Indicator.builtInNames.map { page.html.range(of: "<h2>\($0)")?.lowerBound } + [page.html.range(of: "<h2>spinner")?.lowerBound]
    #expect(sections.allSatisfy { $0 != nil } && sections.map { $0! } == sections.map { $0! }.sorted())
    // No live card for it: the engine knows presets by name; the playground plays scenes.
    #expect(!page.html.contains("preset=\"spinner\" engine=\"wasm\""))
    // Both modules as data blocks; the playground's editor holds the scene's text, escaped, whole.
    #expect(page.html.contains("<script type=\"application/octet-stream\" id=\"loadmark-scene-wasm\">AGFzbQEAAAAA</script>"))
    let text = try String(contentsOfFile: spinner, encoding: .utf8)
    let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    #expect(page.html.contains("aria-describedby=\"lm-scene-error\">\n\(escaped)</textarea>"))
    #expect(page.html.contains("<p id=\"lm-scene-error\" class=\"lm-scene-error\" data-lm-scene-error aria-live=\"polite\"></p>"))
    #expect(page.html.contains("<loadmark-player data-lm-scene-player autoplay loop"))
    // Still only hashes and WebAssembly's compilation in the policy, and
    // workers from blob: URLs only: the playground's compiler, whose script
    // loadmark-wasm.js holds.
    #expect(page.sources("script-src").allSatisfy { $0.hasPrefix("'sha256-") || $0 == "'wasm-unsafe-eval'" })
    #expect(page.sources("worker-src") == ["blob:"])

    // Without a scene the playground starts with the starter of `loadmark new`.
    #expect(try sandbox.run("gallery", "-o", "starter", "--wasm", "engine.wasm", "--scene-compiler", "compiler.wasm").status == 0)
    #expect(try sandbox.run("new", "ring.scene.json").status == 0)
    let starter = try sandbox.text("ring.scene.json").replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    #expect(try sandbox.text("starter/index.html").contains(">\n\(starter)</textarea>"))
    // Without --scene-compiler, no playground.
    #expect(try sandbox.run("gallery", "-o", "live", "--wasm", "engine.wasm").status == 0)
    #expect(try !sandbox.text("live/index.html").contains("<section class=\"lm-document lm-playground\""))
    // A frame document is not a scene.
    #expect(try sandbox.run("gallery", "-o", "doc", "out/dots.json").status == 65)
  }

  @Test func aWasmFileThatIsNotWebAssemblyIsBadDataAndAMissingOneIsIO() throws {
    let sandbox = try Sandbox()
    try sandbox.write("not wasm", to: "text.wasm")
    let bad = try sandbox.run("gallery", "-o", "out", "--wasm", "text.wasm")
    #expect(bad.status == 65)
    #expect(bad.standardError == "loadmark gallery: text.wasm: not a WebAssembly module\n")
    let missing = try sandbox.run("gallery", "-o", "out", "--wasm", "missing.wasm")
    #expect(missing.status == 74)
    #expect(missing.standardError == "loadmark gallery: missing.wasm: cannot read \"missing.wasm\": No such file or directory\n")
    #expect(try sandbox.listing() == ["text.wasm"])
  }

  @Test(arguments: [
    (["gallery"], Int32(64), "loadmark gallery: expects -o DIR, the directory to write the gallery to"),
    (["gallery", "-o", "out", "--color", "#12"], 64, "loadmark gallery: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"#12\""),
    (["gallery", "success", "-o", "out"], 64, "loadmark gallery: unexpected indicator \"success\": gallery shows every preset and catalogue indicator; give scene files (write ./success for a file)"),
    (["gallery", "-o", "out", "--scene-compiler", "scene.wasm"], 64, "loadmark gallery: --scene-compiler needs --wasm: the playground plays scenes with the engine"),
    (["gallery", "-o", "out", "missing.scene.json"], 74, "loadmark gallery: "),
    (["gallery", "-o", "out", "--scale", "2"], 64, "loadmark gallery: unknown option --scale"),
    (["gallery", "-o", "/proc/loadmark-gallery"], 74, "loadmark gallery: /proc/loadmark-gallery: mkdir: "),
  ])
  func failuresExitWithTheirCodeAndWriteNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == status)
    #expect(result.standardError.hasPrefix(message))
    #expect(try sandbox.listing() == [])
  }
}
