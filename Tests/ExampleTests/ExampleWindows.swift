import Foundation
import XvfbSupport

/// Polls until a window named exactly `name` is viewable, and returns its id (the interval between checks of the
/// awaited condition; the deadline only bounds a hang).
func waitForWindow(named name: String, display: String, while program: DemoProcess) throws -> UInt {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && program.isRunning {
        let output =
            (try? runTool("xdotool", ["search", "--onlyvisible", "--name", "^\(name)$"], display: display)) ?? Data()
        if let id = String(decoding: output, as: UTF8.self).split(separator: "\n").first.flatMap({ UInt($0) }) {
            return id
        }
        usleep(20_000)  // only the interval between checks of the condition above; the deadline bounds a hang
    }
    throw X11TestError("no visible window named \(name): \(program.standardError)")
}

/// Polls screenshots until the window's pixel at (`x`, `y`) is `color` (the interval between checks of the awaited
/// condition; the deadline only bounds a hang).
func waitForPixel(_ color: RGB, x: Int, y: Int, window: UInt, display: String, while program: DemoProcess) throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline && program.isRunning {
        if try Screenshot.of(window: window, display: display).pixel(x: x, y: y) == color { return }
        usleep(20_000)  // only the interval between checks of the condition above; the deadline bounds a hang
    }
    throw X11TestError("the pixel at (\(x), \(y)) never became \(color): \(program.standardError)")
}

/// A path under `artifacts/` at the package root, for screenshots a person may look at after a run.
func artifactPath(_ name: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = root.appendingPathComponent("artifacts")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}
