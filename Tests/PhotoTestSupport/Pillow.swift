import Foundation

/// Runs `script` in Debian's Python with Pillow (python3-pil, from scripts/install-deps.sh) and returns what it printed.
/// - Throws: `GeneratedImagesError` with what Python printed on stderr when python3-pil is missing or the script failed.
public func pillow(_ script: String, _ arguments: [String]) throws -> String {
    try TestTool.run(["/usr/bin/python3", "-c", script] + arguments).output
}
