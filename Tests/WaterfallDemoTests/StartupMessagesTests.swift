import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo wall's walk starts before the display is opened, and the display's refusal is captured from stderr
/// meanwhile: a warning the walk prints then still reaches stderr whole, and the refusal names only the server's words.
struct StartupMessagesTests {
    @Test func aWalksWarningPrintedWhileTheServerIsRefusingIsPrintedWholeBesideTheRefusal() throws {
        let images = try GeneratedImages()
        let photos = images.path("photos")
        let staging = images.path("staging")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // A folder the demo may not read: it can neither list nor watch it.
        try FileManager.default.createDirectory(atPath: staging + "/locked", withIntermediateDirectories: true)
        chmod(staging + "/locked", 0)
        defer { chmod(photos + "/locked", 0o755) }  // for the folder's removal
        let server = try HeldXServer()
        let demo = try DemoProcess(
            arguments: ["photos", "--recursive", "--no-thumbnail-cache", photos], display: server.display,
            launcher: try withoutReadingEveryFile())
        // From here the demo waits inside XOpenDisplay, capturing stderr for the server's answer.
        try server.acceptSetup()
        guard rename(staging + "/locked", photos + "/locked") == 0 else {
            throw X11TestError("cannot move the locked folder in: \(String(cString: strerror(errno)))")
        }
        // The walk finds it (in its listing, or as a folder moved in since) and cannot watch it.
        let warning = "waterfall: cannot watch \(photos)/locked: Permission denied: its changes will not show"
        let warned = (try? waitUntil("the walk's warning") { demo.standardError.contains(warning) }) != nil
        try server.refuse(reason: "Maximum number of clients reached")
        #expect(warned, "the walk's warning did not reach stderr while the display was opening")
        #expect(try demo.waitForExit() == 1)
        #expect(
            demo.standardError == warning + "\n" + "waterfall: cannot open X display '\(server.display)' ($DISPLAY): "
                + "the server refused the connection: Maximum number of clients reached\n")
    }
}

/// What runs the demo so that a folder of mode 000 is closed to it: nothing for a user other than root; for root,
/// `setpriv` taking away the capabilities that pass over file permissions (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH).
/// - Throws: `X11TestError` when root runs the tests and `setpriv` (util-linux) is missing.
private func withoutReadingEveryFile() throws -> [String] {
    guard getuid() == 0 else { return [] }
    guard let setpriv = findExecutable("setpriv") else {
        throw X11TestError("setpriv (util-linux) is needed to run the demo as root without CAP_DAC_OVERRIDE")
    }
    return [setpriv, "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search", "--"]
}
