import CLITestSupport
import Engine
import Foundation
import Pipeline
import Scene
import Stills
import XCTest

/// Nothing crashes, hangs or loses its location: mutated example scenes through `validate`
/// in-process and through the built binary (with a timeout, so a trap or a hang fails the test
/// instead of killing the runner), and every input that ever crashed kept as a regression.
final class FuzzTests: XCTestCase {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Mutants checked in-process (cheap), and how many of them also go through the binary.
    static let mutants = 600
    static let binaryEvery = 12
    static let tracedAtLeast = 12

    func testMutatedScenesNeverCrashHangOrLoseTheirLocation() throws {
        let scenes = try FileManager.default.contentsOfDirectory(at: repository.appendingPathComponent("scenes"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(scenes.count, 5, "the fuzzer mutates the example scenes")
        let folder = try CLI.temporaryFolder(self)
        // Mutants sit beside the examples' images, so image paths still resolve.
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("images"),
                                                   withDestinationURL: repository.appendingPathComponent("scenes/images"))
        var mutator = SceneMutator(random: SplitMix64(seed: 0x5E6E_11))
        var binaryRuns = 0, traced = 0, rendered = 0, valid = 0
        for index in 0..<Self.mutants {
            let source = scenes[index % scenes.count]
            let bytes = mutator.mutate(try String(contentsOf: source, encoding: .utf8))
            let file = folder.appendingPathComponent("mutant-\(index).yaml")
            try Data(bytes).write(to: file)
            let lines = CommandContract.lineCount(bytes)
            let context = "(mutant \(index) of \(source.lastPathComponent))"

            var frameCount: Int?
            do {
                let scene = try SceneFile.load(file.path)
                frameCount = try Timeline(scene: scene).frameCount
                valid += 1
            } catch let error as SceneError {
                XCTAssertFalse(error.diagnostics.isEmpty, "\(context): a scene error without diagnostics")
                for diagnostic in error.diagnostics {
                    XCTAssertEqual(diagnostic.location.file, file.path, "\(context): \(diagnostic)")
                    XCTAssertTrue((1...max(lines, 1)).contains(diagnostic.location.line) && diagnostic.location.column >= 1,
                                  "\(context): \(diagnostic) is outside the file's \(lines) lines")
                }
            } catch {
                XCTFail("\(context): an error without a location: \(error)")
            }

            // Every few mutants, and the first valid ones, also go through the binary.
            guard index % Self.binaryEvery == 0 || (frameCount != nil && traced < Self.tracedAtLeast) else {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            binaryRuns += 1
            let validation = try CLI.segue(["validate", file.path], timeout: 20)
            CommandContract.check(validation, command: "validate", file: file, lineCount: lines, context)
            if let frameCount {
                XCTAssertEqual(validation.status, 0, "\(context): valid in-process, refused by the binary: \(validation.stderr)")
                traced += 1
                let trace = try CLI.segue(["trace", file.path, "--fps", "10"], timeout: 60)
                CommandContract.check(trace, command: "trace", file: file, lineCount: lines, context)
                if frameCount <= 240, rendered < 2 {
                    rendered += 1
                    let output = folder.appendingPathComponent("mutant-\(index).mp4")
                    let render = try CLI.segue(["render", file.path, "--quality", "draft", "--scale", "0.25", "-o", output.path], timeout: 120)
                    CommandContract.check(render, command: "render", file: file, lineCount: lines, context)
                    XCTAssertEqual(render.status, 0, "\(context): a valid scene failed to render: \(render.stderr)")
                }
            }
            try? FileManager.default.removeItem(at: file)
        }
        print("fuzz: \(Self.mutants) mutants, \(valid) valid; \(binaryRuns) through the binary, \(traced) traced, \(rendered) rendered")
        // A fuzzer that only ever produced garbage (or only valid files) would test little.
        XCTAssertGreaterThan(valid, Self.mutants / 20, "too few mutants stay valid to exercise rendering")
        XCTAssertLessThan(valid, Self.mutants * 9 / 10, "too few mutants are invalid to exercise the errors")
        XCTAssertGreaterThan(traced, 0)
        XCTAssertGreaterThan(binaryRuns, 0)
    }

    /// Structural mutants checked, and how many valid ones are also rendered.
    static let structuralMutants = 240
    static let structuralRenders = 6

    /// Mutants of the examples' structure (`StructureMutator`: transitions to the same screen,
    /// cycles, a screen in two roles, entries aimed at a screen that is presenting or presented)
    /// through `validate` of the binary, several files a process; each ends with a located error
    /// or, for a sample of the valid ones, a rendered file — never a signal. Before the timeline
    /// refused a screen shown twice, a presenting style's transition to its own screen trapped.
    func testStructuralMutantsEndInALocatedErrorOrAFile() throws {
        let folder = try CLI.temporaryFolder(self)
        // Each mutant is written where its source's relative paths (`../images/…`) still resolve.
        for (path, _) in ExampleScenes.folders.dropFirst() {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(String(path.dropFirst("scenes/".count))),
                                                    withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("images"),
                                                   withDestinationURL: repository.appendingPathComponent("scenes/images"))
        let sources = try ExampleScenes.files()
        var mutator = StructureMutator(random: SplitMix64(seed: 0x57_12_0C))
        var mutants: [(file: URL, lines: Int)] = []
        var attempt = 0
        while mutants.count < Self.structuralMutants, attempt < Self.structuralMutants * 4 {
            let source = sources[attempt % sources.count]
            attempt += 1
            guard let text = mutator.mutate(try String(contentsOf: source, encoding: .utf8)) else { continue }
            let sub = source.deletingLastPathComponent().lastPathComponent
            let place = sub == "scenes" ? folder : folder.appendingPathComponent(sub)
            let file = place.appendingPathComponent("structure-\(mutants.count)-\(source.lastPathComponent)")
            try text.write(to: file, atomically: true, encoding: .utf8)
            mutants.append((file, CommandContract.lineCount(Array(text.utf8))))
        }
        XCTAssertEqual(mutants.count, Self.structuralMutants, "the examples have transitions to mutate")

        var valid: [(file: URL, lines: Int)] = []
        var refused = 0
        for batch in stride(from: 0, to: mutants.count, by: 20).map({ Array(mutants[$0..<min($0 + 20, mutants.count)]) }) {
            let result = try CLI.segue(["validate"] + batch.map(\.file.path), timeout: 120)
            // A signal or a hang takes the whole batch: each file again, alone, to name the one.
            let checked = result.signalled || result.timedOut
                ? try batch.map { ($0, try CLI.segue(["validate", $0.file.path], timeout: 60)) }
                : batch.map { ($0, result) }
            for (mutant, outcome) in checked {
                let own = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix(mutant.file.path + ":") }
                var lone = CLI.Result(status: outcome.signalled || outcome.timedOut ? outcome.status : own.isEmpty ? 0 : 1,
                                      stdout: Data(), stderr: own.joined(separator: "\n"))
                (lone.signalled, lone.timedOut) = (outcome.signalled, outcome.timedOut)
                CommandContract.check(lone, command: "validate", file: mutant.file, lineCount: mutant.lines)
                if outcome.signalled || outcome.timedOut { continue }
                if own.isEmpty { valid.append(mutant) } else { refused += 1 }
            }
            let stray = result.stderr.split(separator: "\n").filter { line in
                line.contains("error:") && !batch.contains { line.hasPrefix($0.file.path + ":") }
            }
            XCTAssertEqual(stray, [], "errors that name no mutant")
        }
        // A sample of the valid ones all the way to a video.
        let step = max(valid.count / Self.structuralRenders, 1)
        var rendered = 0
        for (file, lines) in stride(from: 0, to: valid.count, by: step).map({ valid[$0] }).prefix(Self.structuralRenders) {
            let output = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".mp4")
            let render = try CLI.segue(["render", file.path, "--quality", "draft", "--scale", "0.25", "--fps", "10", "-o", output.path], timeout: 180)
            CommandContract.check(render, command: "render", file: file, lineCount: lines)
            XCTAssertEqual(render.status, 0, "\(file.lastPathComponent): valid, but not rendered: \(render.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.path), file.lastPathComponent)
            rendered += 1
        }
        print("fuzz: \(mutants.count) structural mutants, \(refused) refused with a location, \(valid.count) valid, \(rendered) rendered")
        XCTAssertGreaterThan(refused, Self.structuralMutants / 4, "the mutants reach the structural errors")
        XCTAssertGreaterThan(valid.count, 0, "some mutants stay valid")
    }

    /// The contract the fuzzer relies on notices a process killed by a signal and one that hangs.
    func testTheContractCatchesCrashesAndHangs() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")
        let crash = try CLI.run(shell, ["-c", "kill -ILL $$"], timeout: 10)
        XCTAssertTrue(crash.signalled)
        XCTAssertFalse(crash.timedOut)
        let hang = try CLI.run(shell, ["-c", "exec sleep 30"], timeout: 0.5)
        XCTAssertTrue(hang.timedOut)
        let file = URL(fileURLWithPath: "/x.yaml")
        XCTAssertEqual(CommandContract.problems(crash, command: "sh", file: file, lineCount: 3).count, 1)
        XCTAssertEqual(CommandContract.problems(hang, command: "sh", file: file, lineCount: 3).count, 1)
        let unlocated = CLI.Result(status: 1, stdout: Data(), stderr: "error: something\n")
        XCTAssertEqual(CommandContract.problems(unlocated, command: "validate", file: file, lineCount: 3).count, 1)
        let pastTheEnd = CLI.Result(status: 1, stdout: Data(), stderr: "/x.yaml:4:1: error: something\n")
        XCTAssertEqual(CommandContract.problems(pastTheEnd, command: "validate", file: file, lineCount: 3).count, 1)
        let located = CLI.Result(status: 1, stdout: Data(), stderr: "/x.yaml:3:1: error: something\n")
        XCTAssertEqual(CommandContract.problems(located, command: "validate", file: file, lineCount: 3), [])
    }

    // MARK: Regressions

    /// Every input that once crashed, hung or lost its location: each must now be one located
    /// error (its first line, `# expect: ...`, gives a part of the message) and exit 1, from
    /// `validate` and from `render` alike.
    func testEveryKeptRegressionIsALocatedError() throws {
        let folder = repository.appendingPathComponent("Tests/Fixtures/fuzz-regressions")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["yaml", "json"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 15)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let text = String(decoding: bytes, as: UTF8.self)
            guard let first = text.split(separator: "\n").first, first.hasPrefix("# expect: ") else {
                XCTFail("\(file.lastPathComponent) does not start with '# expect: <part of the message>'")
                continue
            }
            let expected = first.dropFirst("# expect: ".count)
            let result = try CLI.segue(["validate", file.path], timeout: 20)
            CommandContract.check(result, command: "validate", file: file, lineCount: CommandContract.lineCount(bytes))
            XCTAssertEqual(result.status, 1, "\(file.lastPathComponent): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(file.lastPathComponent): expected '\(expected)' in\n\(result.stderr)")
            // `render` refuses it the same way, writing nothing.
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz-\(UUID().uuidString).mp4")
            let render = try CLI.segue(["render", file.path, "--quality", "draft", "-o", output.path], timeout: 30)
            CommandContract.check(render, command: "render", file: file, lineCount: CommandContract.lineCount(bytes))
            XCTAssertEqual(render.status, 1, "\(file.lastPathComponent): \(render.stderr)")
            XCTAssertTrue(render.stderr.contains(expected), "\(file.lastPathComponent): render: expected '\(expected)' in\n\(render.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), file.lastPathComponent)
        }
    }

    /// The kept alias bombs (a billion laughs in a screen's content, 10^8 nested views, one pan
    /// repeated by 2,000 entries, a billion-node mapping key that the YAML library's duplicate-key
    /// check would hash whole) are refused at the alias that overruns `Limits.aliasedNodes`, in
    /// process and by the binary, each well within a loaded CI's time; they hung for minutes when
    /// the aliases were walked.
    func testAliasBombsAreRefusedAtTheAliasThatOverrunsQuickly() throws {
        let folder = repository.appendingPathComponent("Tests/Fixtures/fuzz-regressions")
        let limit = "over the limit of \(Limits.aliasedNodes) nodes; write the repeated part out, or repeat it fewer times"
        let cases: [(file: String, error: String)] = [
            ("alias-bomb-content-1e9.yaml", "11:29: error: alias '*l5' brings the nodes the aliases repeat to 5678994, \(limit)"),
            ("alias-bomb-views-1e8.yaml", "11:66: error: alias '*r5' brings the nodes the aliases repeat to 5024613, \(limit)"),
            ("alias-bomb-timeline.yaml", "1205:23: error: alias '*p' brings the nodes the aliases repeat to 4801200, \(limit)"),
            ("alias-bomb-nested-key.yaml", "8:27: error: alias '*k5' brings the nodes the aliases repeat to 5678994, \(limit)"),
        ]
        for item in cases {
            let file = folder.appendingPathComponent(item.file)
            let started = Date()
            do {
                _ = try SceneFile.load(file.path)
                XCTFail("\(item.file) loaded")
            } catch let error as SceneError {
                XCTAssertEqual(error.diagnostics.map(\.description), ["\(file.path):\(item.error)"])
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, item.file)
            let binaryStarted = Date()
            let result = try CLI.segue(["validate", file.path], timeout: 20)
            XCTAssertEqual(result.status, 1, item.file)
            XCTAssertTrue(result.stderr.hasPrefix("\(file.path):\(item.error)\n"), "\(item.file): \(result.stderr)")
            XCTAssertLessThan(Date().timeIntervalSince(binaryStarted), 5, item.file)
        }
    }

    func testASyntaxErrorAtTheEndOfAFileWithoutANewlineIsOnItsLastLine() throws {
        let file = repository.appendingPathComponent("Tests/Fixtures/fuzz-regressions/eof-syntax-error.yaml")
        let result = try CLI.segue(["validate", file.path], timeout: 20)
        XCTAssertTrue(result.stderr.hasPrefix("\(file.path):4:16: error: invalid YAML/JSON"), result.stderr)
    }

    func testTenThousandScreensAreRefusedBeforeTheyAreDecoded() throws {
        let folder = try CLI.temporaryFolder(self)
        var text = "device: iphone-15\nscreens:\n"
        for i in 0..<10_000 { text += "  s\(i): { content: [ { rect: { frame: [0, 0, 10, 10], fill: systemRed } } ] }\n" }
        let file = folder.appendingPathComponent("screens.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.segue(["validate", file.path], timeout: 30)
        CommandContract.check(result, command: "validate", file: file, lineCount: 10_002)
        XCTAssertTrue(result.stderr.contains("\(file.path):3:3: error: 10000 screens is over the limit of \(Limits.screens) screens"), result.stderr)
    }

    func testViewsPerScreenAreLimited() throws {
        let folder = try CLI.temporaryFolder(self)
        let views = String(repeating: "      - rect: { frame: [0, 0, 10, 10] }\n", count: Limits.viewsPerScreen + 1)
        let file = folder.appendingPathComponent("views.yaml")
        try "screens:\n  a:\n    content:\n\(views)".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.segue(["validate", file.path], timeout: 30)
        XCTAssertTrue(result.stderr.contains("\(file.path):4:7: error: screen 'a' has 2001 views"), result.stderr)
    }

    // MARK: Images

    private func imageScene(_ image: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("scene-\(UUID().uuidString).yaml")
        try """
            device: iphone-se
            duration: 0.5
            screens:
              a:
                content:
                  - image: { file: \(image), frame: [20, 40, 200, 120] }

            """.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func testImagesThatAreNotWholePNGsAreRefusedWhereTheSceneUsesThem() throws {
        let folder = try CLI.temporaryFolder(self)
        let good = TestPNG.make(width: 4, height: 3, bitDepth: 8, colorType: 6, pixel: [255, 0, 0, 255])
        var badCRC = good
        badCRC[40] ^= 0xFF  // inside the IDAT chunk
        let cases: [(name: String, bytes: [UInt8]?, expected: String)] = [
            ("truncated.png", Array(good.dropLast(20)), "truncated"),
            ("bad-crc.png", badCRC, "fails its CRC check"),
            ("header-only.png", Array(good.prefix(33)), "no image data"),
            ("huge.png", TestPNG.signature + TestPNG.header(width: 30_000, height: 30_000, bitDepth: 8, colorType: 6)
                + TestPNG.chunk("IDAT", TestPNG.zlibStored([0])) + TestPNG.chunk("IEND", []),
             "30000 × 30000 px, over the limit of \(Limits.imageSide) px per side"),
            ("short-data.png", TestPNG.signature + TestPNG.header(width: 4, height: 3, bitDepth: 8, colorType: 6)
                + TestPNG.chunk("IDAT", TestPNG.zlibStored([0, 1, 2])) + TestPNG.chunk("IEND", []),
             "the image data ends early"),
            ("text.png", Array("not a png".utf8), "not a PNG file"),
            ("fifo.png", nil, "not a regular file"),
        ]
        for item in cases {
            let path = folder.appendingPathComponent(item.name).path
            if let bytes = item.bytes {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                XCTAssertEqual(mkfifo(path, 0o600), 0)
            }
            let scene = try imageScene(item.name, in: folder)
            let result = try CLI.segue(["validate", scene.path], timeout: 20)
            CommandContract.check(result, command: "validate", file: scene, lineCount: 6, item.name)
            XCTAssertEqual(result.status, 1, "\(item.name): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("\(scene.path):6:24: error: cannot use image '\(item.name)'"), "\(item.name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(item.expected), "\(item.name): expected '\(item.expected)' in \(result.stderr)")
        }
        let folderScene = try imageScene("sub.png", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub.png"), withIntermediateDirectories: true)
        XCTAssertTrue(try CLI.segue(["validate", folderScene.path], timeout: 20).stderr.contains("it is a folder"))
    }

    func testDecodedImagesAreWithinThePixelMemory() throws {
        let folder = try CLI.temporaryFolder(self)
        // 8192 × 2048 grey: 2^24 pixels; sixteen distinct files fill the budget, the seventeenth is over.
        // ffmpeg compresses it to a few kilobytes; written uncompressed it would take seconds.
        let strip = folder.appendingPathComponent("strip.png").path
        let made = try CLI.tool("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "color=c=gray:s=8192x2048",
                                           "-frames:v", "1", "-pix_fmt", "gray", strip])
        XCTAssertEqual(made.status, 0, made.stderr)
        for i in 1...17 {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("strip\(i).png"),
                                                       withDestinationURL: folder.appendingPathComponent("strip.png"))
        }
        let images = (1...17).map { "      - image: { file: strip\($0).png, frame: [0, 0, 10, 10] }" }.joined(separator: "\n")
        let file = folder.appendingPathComponent("images.yaml")
        try "screens:\n  a:\n    content:\n\(images)\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLI.segue(["validate", file.path], timeout: 60)
        CommandContract.check(result, command: "validate", file: file, lineCount: 20)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("error:") },
                       ["\(file.path):20:24: error: image 'strip17.png' brings the images to 1088 MB once decoded, over the limit of 1024 MB; use fewer or smaller images"])
    }

    func testABatchManifestLocatesAFailedImage() throws {
        let folder = try CLI.temporaryFolder(self)
        let scenes = folder.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        let good = TestPNG.make(width: 4, height: 3, bitDepth: 8, colorType: 2, pixel: [1, 2, 3])
        try Data(good.dropLast(20)).write(to: scenes.appendingPathComponent("cut.png"))
        let scene = try imageScene("cut.png", in: scenes)
        let manifest = folder.appendingPathComponent("manifest.json")
        let result = try CLI.segue(["batch", scenes.path, "--output", folder.appendingPathComponent("out").path,
                                    "--quality", "draft", "--json", manifest.path], timeout: 60)
        XCTAssertEqual(result.status, 1, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        let entry = try XCTUnwrap((json["scenes"] as? [[String: Any]])?.first)
        let error = try XCTUnwrap((entry["errors"] as? [[String: Any]])?.first)
        XCTAssertEqual(error["file"] as? String, scene.path)
        XCTAssertEqual(error["line"] as? Int, 6)
        XCTAssertEqual(error["column"] as? Int, 24)
        XCTAssertTrue((error["message"] as? String)?.contains("truncated") ?? false, "\(error)")
    }

    func testEightAndSixteenBitImagesOfEveryColorTypeAndInterlacingRender() throws {
        let folder = try CLI.temporaryFolder(self)
        let formats: [(name: String, depth: UInt8, type: UInt8, pixel: [UInt8], interlaced: Bool)] = [
            ("rgba16.png", 16, 6, [0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0xFF, 0xFF], false),
            ("rgba16-interlaced.png", 16, 6, [0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00, 0xFF, 0xFF], true),
            ("rgb16.png", 16, 2, [0x00, 0x00, 0x80, 0x00, 0xFF, 0xFF], false),
            ("grey-alpha16.png", 16, 4, [0x80, 0x00, 0xFF, 0xFF], false),
            ("grey16.png", 16, 0, [0x40, 0x00], false),
            ("rgba8.png", 8, 6, [255, 0, 0, 255], false),
            ("grey-alpha8-interlaced.png", 8, 4, [90, 255], true),
            ("grey8.png", 8, 0, [200], false),
            ("palette8.png", 8, 3, [1], false),
        ]
        for format in formats {
            // 3 × 7: the second Adam7 pass is empty (no column 4), the others short.
            try Data(TestPNG.make(width: 3, height: 7, bitDepth: format.depth, colorType: format.type, pixel: format.pixel,
                                  interlaced: format.interlaced, palette: format.type == 3 ? [0, 0, 0, 255, 128, 0] : nil))
                .write(to: folder.appendingPathComponent(format.name))
            let scene = try imageScene(format.name, in: folder)
            XCTAssertEqual(try CLI.segue(["validate", scene.path], timeout: 20).status, 0, format.name)
            let output = folder.appendingPathComponent("\(format.name).still.png")
            let still = try CLI.segue(["still", scene.path, "--at", "0", "-o", output.path], timeout: 60)
            XCTAssertEqual(still.status, 0, "\(format.name): \(still.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.path), format.name)
        }
    }

    // MARK: Command-line numbers

    func testCommandLineNumbersAreCheckedNotTrapped() throws {
        let scene = repository.appendingPathComponent("scenes/side-drawer.yaml")
        let folder = try CLI.temporaryFolder(self)
        let output = folder.appendingPathComponent("still.png").path
        for at in ["1e18", "inf", "nan", "-1", "601"] {
            let result = try CLI.segue(["still", scene.path, "--at=\(at)", "-o", output], timeout: 20)
            XCTAssertFalse(result.signalled, "--at \(at)")
            XCTAssertEqual(result.status, 64, "--at \(at): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--at must be a time in seconds from 0 to 600"), result.stderr)
        }
        let past = try CLI.segue(["still", scene.path, "--at", "500", "-o", output], timeout: 20)
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.stderr.contains("--at 500 s is past the end of the scene"), past.stderr)
        for (option, value) in [("--scale", "1e300"), ("--scale", "nan"), ("--fps", "99999999999999999999")] {
            let result = try CLI.segue(["trace", scene.path, option, value], timeout: 20)
            XCTAssertFalse(result.signalled, "\(option) \(value)")
            XCTAssertEqual(result.status, 64, "\(option) \(value): \(result.stderr)")
        }
        for frames in ["0", "100000"] {
            XCTAssertEqual(try CLI.segue(["sheet", scene.path, "--frames", frames, "-o", output], timeout: 20).status, 64)
        }
    }

    func testOverridesThatBreakTheLimitsAreLocated() throws {
        let folder = try CLI.temporaryFolder(self)
        let file = folder.appendingPathComponent("long.yaml")
        try "size: [4000, 852]\nscale: 2\nduration: 600\nscreens:\n  a: {}\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.segue(["validate", file.path], timeout: 20).status, 0)
        let fps = try CLI.segue(["trace", file.path, "--fps", "240"], timeout: 20)
        XCTAssertEqual(fps.status, 1)
        XCTAssertTrue(fps.stderr.contains("\(file.path):3:11: error: 144000 frames (600 s at 240 fps) is over the limit of \(Limits.frames) frames"), fps.stderr)
        let scale = try CLI.segue(["trace", file.path, "--scale", "4"], timeout: 20)
        XCTAssertEqual(scale.status, 1)
        XCTAssertTrue(scale.stderr.contains("\(file.path):2:8: error: canvas 16000 × 3408 px"), scale.stderr)
    }
}
